import type { Readable } from 'node:stream';

/**
 * Keys handed to a driver are storage keys already normalised by the caller: no leading `/`,
 * segments joined by `/`. Drivers still refuse anything that could escape their root
 * (see `storage-key.ts`) and throw the errors of `storage-driver.errors.ts`.
 */
export interface ObjectInfo {
  key: string;
  /** Size of the whole object, also when only a range of it is read. */
  size: number;
  /** Without quotes. S3: the backend's ETag; local: derived from size and mtime. */
  etag: string | null;
  lastModified: Date | null;
  /** S3: the stored Content-Type; local: derived from the key's extension. Null in listings. */
  contentType: string | null;
}

export interface ByteRange {
  start: number;
  /** Inclusive; omitted means up to the last byte. Clamped to the object's end. */
  end?: number;
}

export interface PutOptions {
  contentType?: string;
  /** When given, the body must deliver exactly this many bytes or nothing is stored. */
  contentLength?: number;
  /** A body of undeclared length that goes past this many bytes is refused; nothing is stored. */
  maxLength?: number;
}

export interface GetResult {
  body: Readable;
  info: ObjectInfo;
  /** Present when a range was asked for: the bytes actually returned (end inclusive). */
  range?: { start: number; end: number; total: number };
}

export interface ListOptions {
  /** Opaque: pass back the `nextCursor` of the previous page. */
  cursor?: string;
  /** Objects plus prefixes per page, 1 to 1000 (default 1000). */
  limit?: number;
  /** Group keys below the next `/` after the prefix into `prefixes`, like folders. */
  delimiter?: boolean;
}

export interface ListResult {
  objects: ObjectInfo[];
  /** Each ends with `/`. */
  prefixes: string[];
  nextCursor: string | null;
}

export interface PresignPutOptions {
  contentType?: string;
  /** Bound into the signature: the upload must carry exactly this many bytes. */
  contentLength?: number;
  /**
   * Without a `contentLength`: the most bytes the upload may carry, where the driver can bind
   * it (local storage signs and enforces it; an S3 PUT cannot, so the commit checks the size).
   */
  maxLength?: number;
  expiresInSeconds: number;
}

export interface PresignedPut {
  url: string;
  /** Headers the uploader must send with the PUT (they are part of the signature). */
  headers: Record<string, string>;
}

export interface PresignGetOptions {
  expiresInSeconds: number;
  /** Becomes an RFC 6266 Content-Disposition, with `filename*` for non-ASCII names. */
  downloadName?: string;
  /** Overrides the Content-Type of the response. */
  contentType?: string;
  /** `inline` rather than `attachment` disposition. */
  inline?: boolean;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number;
}

export interface PendingMultipartUpload {
  key: string;
  uploadId: string;
  initiated: Date | null;
}

export interface StorageDriver {
  readonly kind: 's3' | 'local';
  /** Streams the body; never holds it whole in memory. Replaces any object at the key. */
  put(
    key: string,
    body: Readable,
    options?: PutOptions,
  ): Promise<{ etag: string | null; size: number }>;
  /** Throws ObjectNotFoundError, or RangeNotSatisfiableError when the range starts past the end. */
  get(key: string, options?: { range?: ByteRange }): Promise<GetResult>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Idempotent: deleting a missing object succeeds. */
  delete(key: string): Promise<void>;
  deleteMany(keys: string[]): Promise<void>;
  /** Keys in ascending byte order; `prefix` is a plain string prefix (`a/` for a folder). */
  list(prefix: string, options?: ListOptions): Promise<ListResult>;
  /** Throws ObjectNotFoundError when the source is missing. */
  copy(sourceKey: string, targetKey: string): Promise<void>;
  presignPut(key: string, options: PresignPutOptions): Promise<PresignedPut>;
  presignGet(key: string, options: PresignGetOptions): Promise<string>;
  createMultipart(key: string, options?: { contentType?: string }): Promise<{ uploadId: string }>;
  /**
   * With `contentLength`, the URL is signed for a body of exactly that length: a client cannot
   * store a part larger than the upload declared.
   */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    expiresInSeconds: number,
    contentLength?: number,
  ): Promise<string>;
  /** The server-side proxy path. S3 needs `contentLength` (it refuses chunked part uploads). */
  uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    contentLength?: number,
  ): Promise<{ etag: string }>;
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  /** Parts in any order; every one must have been uploaded with the given ETag. */
  completeMultipart(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<{ etag: string | null }>;
  /** Idempotent: aborting an unknown or finished upload succeeds. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** Uploads begun and neither completed nor aborted, for the stale-upload job. */
  listMultipartUploads(prefix?: string): Promise<PendingMultipartUpload[]>;
  /**
   * Deletes the driver's own temporary files not written to since `idleSince` (left by a crash
   * mid-upload); answers how many. Drivers that keep none answer 0.
   */
  removeStaleTemporaryFiles(idleSince: Date): Promise<number>;
  /** Releases sockets or handles; the driver is unusable afterwards. */
  close(): Promise<void>;
}
