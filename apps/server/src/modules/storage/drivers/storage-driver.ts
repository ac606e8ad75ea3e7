import type { Readable } from 'node:stream';

/**
 * The file-system port (ARCHITECTURE §8), pinned by `storage-driver.contract.ts` and
 * `fs-port.contract.ts`. Keys arrive normalised (no leading `/`), yet drivers still refuse
 * anything that could escape their root (`driver-arguments.ts`; local: also via symlinks).
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
  /** Awaited before the first byte, so a multipart orphaned by a kill can be aborted later. */
  onMultipartStarted?: (uploadId: string) => Promise<void>;
}

export interface GetResult {
  body: Readable;
  /** The body's bytes when read at once (small local file); the body then holds nothing open. */
  bytes?: Buffer;
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
  /** Local signs and enforces it; an S3 PUT cannot, so the commit checks the size. */
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
  contentType?: string;
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

/** Callers ask these, never the backend kind, so a new backend or scoped view changes no caller. */
export interface DriverCapabilities {
  /** Presigned PUT/GET/part URLs exist (both drivers; local ones point at our signed-URL route). */
  presign: boolean;
  /** Presigned URLs reach the backend (S3), so bytes bypass this server; local: our own route. */
  directUrls: boolean;
  multipart: boolean;
  /** `copy` and `move` run inside the backend without streaming the bytes through us. */
  serverSideCopy: boolean;
  /** The objects are a folder of the host, set by the admin, that other programs may also use. */
  hostFolder: boolean;
  /** Every write throws ReadOnlyStorageError (a read-only view). */
  readOnly: boolean;
  /** A listing page is a network round trip (S3), so walks list several folders at once. */
  networkListings: boolean;
}

/** Folders: size 0, no ETag or type; on S3 a zero-byte `name/` marker or implied by keys below. */
export interface FsEntry {
  /** No trailing `/`, even for a folder; `''` is the root. */
  key: string;
  name: string;
  isDirectory: boolean;
  size: number;
  etag: string | null;
  /** Local folders: their mtime (S3 folders have no date). */
  lastModified: Date | null;
  /** Local folders: their birth time where the file system keeps one, else their mtime. */
  created?: Date;
  /** Files only; null in listings (as for `list`) and for folders. */
  contentType: string | null;
}

export interface DirectoryPage {
  /** UTF-8 byte order with folders sorting as `name/` (`a-b` before folder `a`), as S3 lists. */
  entries: FsEntry[];
  nextCursor: string | null;
}

export interface StorageDriver {
  readonly capabilities: DriverCapabilities;
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
  /** `contentLength` is signed in, so a client cannot store a part larger than declared. */
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
  /** Temporary files left by a crash mid-upload, idle since `idleSince`; answers how many. */
  removeStaleTemporaryFiles(idleSince: Date): Promise<number>;
  /** Releases sockets or handles; the driver is unusable afterwards. */
  close(): Promise<void>;

  // Directory semantics, the same on every driver. Emptying a folder removes it on both (like S3's
  // implied folders); a file and a folder never share a key, since the local FS cannot hold both.

  stat(key: string): Promise<FsEntry | null>;
  /** Idempotent; FsConflictError `file_exists` / `parent_is_file`. */
  mkdir(key: string): Promise<void>;
  /**
   * `limit` 1–1000 (default 1000); a page may hold fewer and still have a next one.
   * ObjectNotFoundError for a missing folder, `not_a_directory` for a file.
   */
  listDirectory(key: string, options?: { cursor?: string; limit?: number }): Promise<DirectoryPage>;
  /** Refuses the root (`''`); local removes symlinks, never follows them. Missing: 0. */
  deletePrefix(key: string): Promise<number>;
  /** ObjectNotFoundError for a missing source; FsConflictError `target_exists`, `into_itself` or `parent_is_file`. */
  move(sourceKey: string, targetKey: string): Promise<void>;
  /** Same conflict rules as `move`; answers how many files were copied. */
  copyPrefix(sourceKey: string, targetKey: string): Promise<number>;
}
