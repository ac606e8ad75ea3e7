import { z } from 'zod';
import { EDIT_CONTENT_MAX_BYTES } from '../constants';
import { normalizePath } from '../paths';
import { filenameSchema, uploadedPartSchema, uploadFingerprintSchema } from './files';

/**
 * Wire shapes of the file-system API (SPEC §7 "File system"), the same under `/api/admin/fs`
 * and `/api/user/fs`. Paths are virtual: `/` lists the mount points, `/docs/a.txt` is `a.txt`
 * in the mount at `/docs`. Request field names are the SPEC's (`path`, `oldPath`/`newPath`,
 * `paths`, `items` of `sourcePath`/`targetPath`, `q`).
 */

/** A virtual path from a client, normalised once by the product's one normaliser. */
export const fsPathSchema = z
  .string()
  .min(1)
  .transform((value, ctx) => {
    try {
      return normalizePath(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid path' });
      return z.NEVER;
    }
  });

export const fsEntrySchema = z.object({
  name: z.string(),
  /** Full virtual path. */
  path: z.string(),
  is_directory: z.boolean(),
  /** Bytes; null for folders. */
  size: z.number().int().nullable(),
  modified: z.iso.datetime().nullable(),
  /** Guessed from the name for files; null for folders. */
  mimetype: z.string().nullable(),
  etag: z.string().nullable(),
  /** This folder is a mount point (or a folder between mount points, see `is_virtual`). */
  is_mount: z.boolean(),
  /** A folder that exists only because mount paths pass through it; it holds no objects. */
  is_virtual: z.boolean(),
  /** The mount the entry lives in; null for virtual folders. */
  mount_id: z.string().nullable(),
});
export type FsEntry = z.infer<typeof fsEntrySchema>;

/** GET list?path — a folder's direct children. */
export const fsListingSchema = z.object({
  path: z.string(),
  is_root: z.boolean(),
  /** The folder itself is virtual (the root, or a folder between mount points). */
  is_virtual: z.boolean(),
  mount_id: z.string().nullable(),
  /** Writes are refused here (virtual folder, read-only key or read-only mount). */
  read_only: z.boolean(),
  items: z.array(fsEntrySchema),
});
export type FsListing = z.infer<typeof fsListingSchema>;

export const fsPathRequestSchema = z.object({ path: fsPathSchema });
export const fsPathsRequestSchema = z.object({ paths: z.array(fsPathSchema).min(1).max(1000) });
export const fsRenameRequestSchema = z.object({ oldPath: fsPathSchema, newPath: fsPathSchema });
export const fsUpdateRequestSchema = z.object({
  path: fsPathSchema,
  // Measured again in bytes by the server; the character count is a cheap first bound.
  content: z.string().max(EDIT_CONTENT_MAX_BYTES),
});

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * One item of batch-copy and move. On the wire `targetPath` is where the item ends up, folder
 * and name (`/b/report.pdf`, as CloudPaste's web client sends it); one that ends in `/` names
 * the folder it goes into under its own name (`/b/`). Parsed, `targetPath` is that folder and
 * `name` the name it takes there.
 */
export const fsTransferItemSchema = z
  .object({
    sourcePath: fsPathSchema,
    targetPath: z.string().min(1),
  })
  .transform(({ sourcePath, targetPath }, ctx) => {
    let destination: string;
    try {
      destination = normalizePath(targetPath);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid path', path: ['targetPath'] });
      return z.NEVER;
    }
    if (/[/\\]$/.test(targetPath) || destination === '/') {
      return { sourcePath, targetPath: destination, name: lastSegment(sourcePath) };
    }
    const cut = destination.lastIndexOf('/');
    return {
      sourcePath,
      targetPath: cut === 0 ? '/' : destination.slice(0, cut),
      name: lastSegment(destination),
    };
  });
export const FS_CONFLICT_MODES = ['fail', 'skip', 'overwrite', 'rename'] as const;
export type FsConflictMode = (typeof FS_CONFLICT_MODES)[number];

/**
 * POST batch-copy and POST move (items: see fsTransferItemSchema). When the target exists: `fail` (the item fails), `skip` (files already there stay; folders merge),
 * `overwrite` (files are replaced; folders merge) or `rename` (`name (1).ext`). `skipExisting`
 * (the SPEC's flag) is `conflict: 'skip'`.
 */
export const fsTransferRequestSchema = z
  .object({
    items: z.array(fsTransferItemSchema).min(1).max(1000),
    skipExisting: z.boolean().default(false),
    conflict: z.enum(FS_CONFLICT_MODES).optional(),
  })
  .transform(({ items, skipExisting, conflict }) => ({
    items,
    conflict: conflict ?? (skipExisting ? ('skip' as const) : ('fail' as const)),
  }));

/**
 * One path that failed in a call on many (or in a job): its error code, the server's words, and
 * the code's values (path, sizes…) from which a client words it in its reader's language.
 */
export const fsFailureSchema = z.object({
  path: z.string(),
  error: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type FsFailure = z.infer<typeof fsFailureSchema>;

/** Outcome of a call on many paths: what was done and what failed, each with its code. */
export const fsBatchResultSchema = z.object({
  success: z.number().int(),
  skipped: z.number().int(),
  failed: z.array(fsFailureSchema),
  /** batch-remove: the large folders among the paths are deleted by this job. */
  job_id: z.string().optional(),
});
export type FsBatchResult = z.infer<typeof fsBatchResultSchema>;

/** GET file-link. */
export const fsFileLinkSchema = z.object({
  url: z.string(),
  expires_at: z.iso.datetime().nullable(),
  /** The URL goes straight to the storage (presigned) rather than through this server. */
  presigned: z.boolean(),
});
export type FsFileLink = z.infer<typeof fsFileLinkSchema>;

/** One name found by `fs/search`: an entry at its full virtual path, with its mount's path. */
export const fsSearchItemSchema = fsEntrySchema.extend({ mount_path: z.string() });
export type FsSearchItem = z.infer<typeof fsSearchItemSchema>;

/**
 * GET fs/search (SPEC §7): `items` and `total` count only what the caller may see. `total` is
 * exact unless `total_capped`: counting stops at `SEARCH_TOTAL_CAP` (or the end of the page asked
 * for, when further), and then more than `total` names match (a UI shows "1,000+").
 */
export const fsSearchResponseSchema = z.object({
  items: z.array(fsSearchItemSchema),
  total: z.number().int(),
  /** `total` is a lower bound: more names than that match. */
  total_capped: z.boolean(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type FsSearchResponse = z.infer<typeof fsSearchResponseSchema>;

/** A mount's search index rebuild (POST/GET admin/mounts/:id/reindex). */
export const reindexStatusSchema = z.object({
  mount_id: z.string(),
  /** A rebuild runs, on whichever instance (the state is in the database). */
  running: z.boolean(),
  /** Entries written by the running rebuild, or by the last one. */
  entries: z.number().int(),
  rebuilt_at: z.iso.datetime().nullable(),
  /** Why the last rebuild failed, on whichever instance; null when it did not, or one runs again. */
  last_error: z.string().nullable(),
});
export type ReindexStatus = z.infer<typeof reindexStatusSchema>;

/** POST admin/mounts/{id}/reindex: how the index stands, and the job that rebuilds it. */
export const reindexStartedSchema = reindexStatusSchema.extend({ job_id: z.string() });
export type ReindexStarted = z.infer<typeof reindexStartedSchema>;

export const FS_SEARCH_SCOPES = ['global', 'mount', 'directory'] as const;
export type FsSearchScope = (typeof FS_SEARCH_SCOPES)[number];

/** A move, copy or large delete accepted as a background job (GET jobs/{job_id} follows it). */
export const fsJobAcceptedSchema = z.object({ job_id: z.string() });
export type FsJobAccepted = z.infer<typeof fsJobAcceptedSchema>;

export const JOB_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A server job (SPEC §3 task) as GET fs/jobs and fs/jobs/{id} show it. */
export const fsJobSchema = z.object({
  id: z.string(),
  type: z.enum(['copy', 'move', 'delete', 'zip', 'extract', 'reindex']),
  status: z.enum(JOB_STATUSES),
  /** Completed with some items failed (SPEC §4 partial-complete display). */
  partial: z.boolean(),
  /** What the job works on, for people: its first path, where it goes, how many paths in all. */
  subject: z.object({
    source: z.string().nullable(),
    target: z.string().nullable(),
    paths: z.number().int(),
  }),
  items_total: z.number().int(),
  items_done: z.number().int(),
  bytes_total: z.number().int(),
  bytes_done: z.number().int(),
  success: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** The first failed items, each with the code and message the API would answer. */
  errors: z.array(fsFailureSchema),
  /** Why the job as a whole failed. */
  error: z.string().nullable(),
  /** The failure's API error code and details (`error` is its English text); null if none. */
  error_code: z.string().nullable(),
  error_details: z.record(z.string(), z.unknown()).optional(),
  cancel_requested: z.boolean(),
  created_at: z.iso.datetime(),
  started_at: z.iso.datetime().nullable(),
  finished_at: z.iso.datetime().nullable(),
});
export type FsJob = z.infer<typeof fsJobSchema>;

// ---- Large uploads and client-side copy (SPEC §4, §7) ----
//
// Multipart: `multipart/init` takes the target folder `path` and the `filename` (or, without a
// filename, the full file path in `path`) and answers the file's full `path`, which the later
// calls send. Its `key` is an opaque token signed by the server that binds the upload (mount,
// storage key, upload id, size): part, complete and abort refuse any other. Presigned: a PUT
// to `url` with `headers`, then `presign/commit`. Every call is checked against path permission
// and read-only access again.

const fileSizeSchema = z.number().int().min(0);
const contentTypeSchema = z.string().max(255).optional();
const etagSchema = z.string().max(256);

/** POST multipart/init. */
export const fsMultipartInitRequestSchema = z.object({
  path: fsPathSchema,
  // A name, never a path: it is joined to the checked folder `path`.
  filename: filenameSchema.optional(),
  contentType: contentTypeSchema,
  fileSize: fileSizeSchema,
  /**
   * The file as the client fingerprints it (a hash of its name, size, last-modified and first
   * and last MiB): an upload of the same file by the same caller, still held, is resumed.
   */
  fingerprint: uploadFingerprintSchema.optional(),
});

export const fsMultipartPartUrlSchema = z.object({
  partNumber: z.number().int().min(1),
  /** Presigned straight to the storage (`direct`), else this server's `multipart/part` route. */
  url: z.string(),
  /** Bytes this part must hold; a body of another length is refused. */
  length: z.number().int(),
});

export const fsMultipartInitResponseSchema = z.object({
  /** The file's full virtual path: send it to part, complete and abort. */
  path: z.string(),
  uploadId: z.string(),
  /** Signed upload token (SPEC's `key`): send it back unchanged. */
  key: z.string(),
  partSize: z.number().int(),
  partCount: z.number().int(),
  /** The part URLs reach the storage itself: PUT without this server's credentials. */
  direct: z.boolean(),
  parts: z.array(fsMultipartPartUrlSchema),
  /** Parts already stored when a `fingerprint` resumed an upload; empty for a new one. */
  uploaded: z.array(uploadedPartSchema),
});
export type FsMultipartInitResponse = z.infer<typeof fsMultipartInitResponseSchema>;

/** GET multipart/uploads?path: the resumable uploads into a folder, with their stored parts. */
export const fsMultipartUploadSchema = z.object({
  path: z.string(),
  uploadId: z.string(),
  key: z.string(),
  fileSize: z.number().int(),
  fingerprint: z.string(),
  partSize: z.number().int(),
  partCount: z.number().int(),
  createdAt: z.number().int(),
  lastActivityAt: z.number().int(),
  /** Aborted (its parts dropped) if no part arrives before then. */
  expiresAt: z.number().int(),
  parts: z.array(uploadedPartSchema),
});
export type FsMultipartUpload = z.infer<typeof fsMultipartUploadSchema>;
export const fsMultipartUploadsResponseSchema = z.object({
  uploads: z.array(fsMultipartUploadSchema),
});
export type FsMultipartUploads = z.infer<typeof fsMultipartUploadsResponseSchema>;

/** POST multipart/part?path&uploadId&partNumber&isLastPart&key, the part's bytes as the body. */
export const fsMultipartPartQuerySchema = z.object({
  path: fsPathSchema,
  uploadId: z.string().min(1).max(1024),
  partNumber: z.coerce.number().int().min(1).max(10_000),
  /** Informative: the server knows the last part from the signed size. */
  isLastPart: z.string().optional(),
  key: z.string().min(1).max(2048),
});

export const fsMultipartPartResponseSchema = z.object({
  partNumber: z.number().int(),
  etag: z.string(),
});

export const fsMultipartCompleteRequestSchema = z.object({
  path: fsPathSchema,
  uploadId: z.string().min(1).max(1024),
  key: z.string().min(1).max(2048),
  parts: z
    .array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: etagSchema }))
    .min(1)
    .max(10_000),
  contentType: contentTypeSchema,
  fileSize: fileSizeSchema,
});

export const fsMultipartAbortRequestSchema = z.object({
  path: fsPathSchema,
  uploadId: z.string().min(1).max(1024),
  key: z.string().min(1).max(2048),
});

/** POST presign: a PUT URL for `path/fileName`, signed for exactly `fileSize` bytes. */
export const fsPresignRequestSchema = z.object({
  path: fsPathSchema,
  fileName: filenameSchema,
  contentType: contentTypeSchema,
  fileSize: fileSizeSchema,
});

export const fsPresignResponseSchema = z.object({
  path: z.string(),
  url: z.string(),
  /** Send these with the PUT: they are part of the signature. */
  headers: z.record(z.string(), z.string()),
  direct: z.boolean(),
  expires_at: z.iso.datetime(),
});
export type FsPresignResponse = z.infer<typeof fsPresignResponseSchema>;

/** POST presign/commit: the PUT is done; the server checks the object and records the write. */
export const fsPresignCommitRequestSchema = z.object({
  path: fsPathSchema,
  fileName: filenameSchema,
  fileSize: fileSizeSchema,
  etag: etagSchema.optional(),
});

/** A file now in a storage through the API: what was stored where. */
export const fsUploadedSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  etag: z.string().nullable(),
});
export type FsUploaded = z.infer<typeof fsUploadedSchema>;

/**
 * POST batch-copy-commit: after a client-side copy (download, then upload to the target), the
 * uploaded files are checked at their targets and recorded as writes. `s3Path` is the storage
 * key the upload went to; it must be the key of `targetPath` in the mount `targetMountId`.
 */
export const fsBatchCopyCommitRequestSchema = z.object({
  targetMountId: z.string().min(1),
  files: z
    .array(
      z.object({
        targetPath: fsPathSchema,
        s3Path: z.string().min(1).max(4096),
        contentType: contentTypeSchema,
        fileSize: fileSizeSchema,
        etag: etagSchema.optional(),
      }),
    )
    .min(1)
    .max(1000),
});

/** One entry of an archive, as listed without extracting it. */
export const fsArchiveEntrySchema = z.object({
  /** Its path inside the archive, as stored. */
  name: z.string(),
  is_directory: z.boolean(),
  size: z.number(),
  /** Null where the format does not compress entries one by one (tar). */
  compressed_size: z.number().nullable(),
  modified: z.iso.datetime().nullable(),
  /** A symbolic link, or a name that would land outside the folder it is extracted into. */
  unsafe: z.boolean(),
});
export type FsArchiveEntry = z.infer<typeof fsArchiveEntrySchema>;

export const fsArchiveListingSchema = z.object({
  path: z.string(),
  format: z.enum(['zip', 'tar', 'tar.gz']),
  entries: z.array(fsArchiveEntrySchema),
  /** More entries than a listing holds: the first ones are listed. */
  truncated: z.boolean(),
});
export type FsArchiveListing = z.infer<typeof fsArchiveListingSchema>;

/** Limits on what one extraction may write, against archive bombs (issue 32). */
export const EXTRACT_MAX_ENTRIES = 100_000;
export const EXTRACT_MAX_BYTES = 64 * 1024 ** 3;
/** Declared bytes per stored byte, for the archive as a whole and for a zip entry over 1 MiB. */
export const EXTRACT_MAX_RATIO = 1_000;

/**
 * POST fs/extract: the archive `path` is extracted into the folder `targetPath` (made when
 * missing), as a job. `conflict` is what becomes of a file already there, as for a copy.
 */
export const fsExtractRequestSchema = z.object({
  path: fsPathSchema,
  targetPath: fsPathSchema,
  conflict: z.enum(FS_CONFLICT_MODES).default('fail'),
});
export type FsExtractRequest = z.input<typeof fsExtractRequestSchema>;
