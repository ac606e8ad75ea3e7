import type { Readable } from 'node:stream';

/**
 * The storage driver is the file-system port (ARCHITECTURE §8): objects (put, get, presign,
 * multipart) plus directory semantics that are the same on every backend (stat, mkdir,
 * listDirectory, deletePrefix, move, copyPrefix), pinned for both drivers and for scoped views
 * by `storage-driver.contract.ts` and `fs-port.contract.ts`.
 *
 * Keys handed to a driver are storage keys already normalised by the caller: no leading `/`,
 * segments joined by `/`. Drivers still refuse anything that could escape their root
 * (`driver-arguments.ts`; the local driver also through symbolic links) and throw the errors
 * of `storage-driver.errors.ts` (FsConflictError 409, ReadOnlyStorageError 403, …).
 *
 * Getting one: `StorageDrivers.resolve(configId)` (storage.drivers.ts) answers the cached
 * `{ config, driver, capabilities }`; a mount wraps it with `scoped(driver, { prefix,
 * readOnly })` (scoped-driver.ts), which is a StorageDriver too. Ask `capabilities`, never the
 * backend kind.
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
  /**
   * Called, and awaited before a byte of the body goes into it, when the driver streams the body
   * as a multipart upload of its own: the caller keeps the id so that an upload its process never
   * finished (killed mid-way) can be aborted later.
   */
  onMultipartStarted?: (uploadId: string) => Promise<void>;
}

export interface GetResult {
  body: Readable;
  /**
   * The same bytes as `body`, when the driver read them at once (a small local file): a caller
   * may take them instead of reading the body, which then holds nothing open.
   */
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

/**
 * What a driver (or a view over one) can do. Callers ask these instead of branching on the
 * backend kind, so a new backend or a scoped view needs no change in them.
 */
export interface DriverCapabilities {
  /** Presigned PUT/GET/part URLs exist (both drivers; local ones point at our signed-URL route). */
  presign: boolean;
  /**
   * Presigned URLs reach the backend itself, so bytes never flow through this server (S3).
   * False: the URLs are served by our own signed-URL route (local).
   */
  directUrls: boolean;
  /** createMultipart / uploadPart / completeMultipart. */
  multipart: boolean;
  /** `copy` and `move` run inside the backend without streaming the bytes through us. */
  serverSideCopy: boolean;
  /** The objects are a folder of the host, set by the admin, that other programs may also use. */
  hostFolder: boolean;
  /** Every write throws ReadOnlyStorageError (a read-only view). */
  readOnly: boolean;
  /**
   * A listing page is a round trip over the network (S3): a walk lists several folders at once
   * to overlap the waits. False: this machine's disk, listed by its own CPU.
   */
  networkListings: boolean;
}

/**
 * One entry of the file-system view. Folders have `size` 0 and no ETag or type; on S3
 * they are either a zero-byte `name/` marker (made by `mkdir`) or implied by keys below them.
 */
export interface FsEntry {
  /** The key, without a trailing `/` even for a folder; `''` is the root. */
  key: string;
  /** The last segment of the key (`''` for the root). */
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
  /**
   * Direct children in ascending UTF-8 byte order of their keys, where a folder sorts as
   * `name/` (so `a-b` comes before the folder `a`, whose key sorts as `a/`): folders and files
   * interleave, as S3 lists them. Markers never appear as files.
   */
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

  // ---- File-system port: directory semantics, the same on every driver. ----
  //
  // A folder exists when it has a marker (`mkdir`) or holds anything; `''` is the root, which
  // always exists. Emptying a folder by `delete`, `deletePrefix` or `move` removes it on both
  // drivers (local prunes the emptied directories, S3 its emptied markers), like S3 does with
  // implied folders. A file and a folder never share a key: the local file system cannot hold
  // both, so every driver refuses to make one where the other is (FsConflictError).

  /** The file or folder at `key` (`''`: the root), or null. */
  stat(key: string): Promise<FsEntry | null>;
  /**
   * Makes the folder and its parents; idempotent on an existing folder. Throws FsConflictError
   * `file_exists` when a file is at the key, `parent_is_file` when a parent is a file.
   */
  mkdir(key: string): Promise<void>;
  /**
   * Direct children of the folder at `key` (`''`: the root), a page at a time (limit 1 to
   * 1000, default 1000; a page may hold fewer and still have a next one). Throws
   * ObjectNotFoundError for a missing folder, FsConflictError `not_a_directory` for a file.
   */
  listDirectory(key: string, options?: { cursor?: string; limit?: number }): Promise<DirectoryPage>;
  /**
   * Deletes the folder at `key` and everything under it (never the root: `''` is refused);
   * answers how many files went. Local: symlinks are removed, never followed. Missing: 0.
   */
  deletePrefix(key: string): Promise<number>;
  /**
   * Moves a file or a whole folder. Throws ObjectNotFoundError when the source is missing,
   * FsConflictError `target_exists` when anything is at the target, `into_itself` when a
   * folder would move below itself, `parent_is_file` when a target parent is a file.
   */
  move(sourceKey: string, targetKey: string): Promise<void>;
  /**
   * Copies every file (and marker) of the folder `sourceKey` to the folder `targetKey`, with
   * the same conflict rules as `move`; answers how many files were copied.
   */
  copyPrefix(sourceKey: string, targetKey: string): Promise<number>;
}
