import { z } from 'zod';
import { FILE_PAGE_SIZE, SEARCH_MIN_LENGTH } from '../constants';
import {
  shareOptionsSchema,
  shareUpdateShape,
  somethingToUpdate,
  uploadedPartSchema,
  uploadFingerprintSchema,
} from './files';
import { fsPathSchema } from './fs';
import { pageOf, pageQueryShape, resolvePage } from './pagination';

/** At most this many accepted types per request. */
export const UPLOAD_REQUEST_MAX_TYPES = 30;

/**
 * One accepted type: an extension (`.pdf`), a media type (`application/pdf`) or a family
 * (`image/*`). Compared without regard to case.
 */
export const acceptedTypeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(\.[a-z0-9][a-z0-9._+-]{0,30}|[a-z0-9][a-z0-9.+-]{0,60}\/(\*|[a-z0-9][a-z0-9.+-]{0,80}))$/,
    'An accepted type is an extension (.pdf), a media type (application/pdf) or a family (image/*)',
  );

const limitsShape = {
  /** 0: no limit. */
  max_files: z.number().int().min(0).max(1_000_000),
  /** Bytes; 0: the server's upload size limit only. */
  max_file_size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Bytes, over every file received; 0: no limit. */
  max_total_size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Empty: any type. */
  allowed_types: z.array(acceptedTypeSchema).max(UPLOAD_REQUEST_MAX_TYPES),
};

/** POST /api/{admin|user}/upload-requests: a link through which others upload into a folder. */
export const uploadRequestCreateRequestSchema = shareOptionsSchema
  .omit({ path: true, max_views: true })
  .extend({
    path: fsPathSchema.describe(
      'The folder files arrive in (its creator must be able to write it)',
    ),
    max_files: limitsShape.max_files.default(0),
    max_file_size: limitsShape.max_file_size.default(0),
    max_total_size: limitsShape.max_total_size.default(0),
    allowed_types: limitsShape.allowed_types.default([]),
  });
export type UploadRequestCreateRequest = z.input<typeof uploadRequestCreateRequestSchema>;

const { max_views: _views, ...shareEdits } = shareUpdateShape;
export const uploadRequestUpdateRequestSchema = z
  .object({ ...shareEdits, ...limitsShape })
  .partial()
  .refine(somethingToUpdate, { message: 'Nothing to update' });
export type UploadRequestUpdateRequest = z.input<typeof uploadRequestUpdateRequestSchema>;

export const uploadRequestSchema = z.object({
  id: z.string(),
  slug: z.string(),
  /** The folder files arrive in; follows renames and moves made through Sharebin. */
  path: z.string(),
  /** The folder's name, as visitors see it. */
  name: z.string(),
  remark: z.string(),
  has_password: z.boolean(),
  expires_at: z.iso.datetime().nullable(),
  max_files: z.number(),
  max_file_size: z.number(),
  max_total_size: z.number(),
  allowed_types: z.array(z.string()),
  /** Files received (those still arriving included). */
  files_received: z.number(),
  bytes_received: z.number(),
  last_received_at: z.iso.datetime().nullable(),
  /** The request's page, absolute. */
  url: z.string(),
  created_by: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

export const uploadRequestListSchema = pageOf(uploadRequestSchema);
export type UploadRequestList = z.infer<typeof uploadRequestListSchema>;

export const uploadRequestListQuerySchema = z
  .object({
    ...pageQueryShape(FILE_PAGE_SIZE),
    search: z.string().trim().min(SEARCH_MIN_LENGTH).max(100).optional(),
  })
  .transform(resolvePage);

/** A file that arrived through a request, as its owner sees it. */
export const uploadArrivalSchema = z.object({
  id: z.string(),
  /** The request it came through. */
  request_id: z.string(),
  /** The name it was stored under (`name (1).ext` when the name was taken). */
  name: z.string(),
  /** Where it was stored, a virtual path (it may have been moved or deleted since). */
  path: z.string(),
  size: z.number(),
  mimetype: z.string(),
  received_at: z.iso.datetime(),
});
export type UploadArrival = z.infer<typeof uploadArrivalSchema>;

export const uploadArrivalListSchema = pageOf(uploadArrivalSchema);
export type UploadArrivalList = z.infer<typeof uploadArrivalListSchema>;

export const uploadArrivalListQuerySchema = z
  .object({ ...pageQueryShape(FILE_PAGE_SIZE) })
  .transform(resolvePage);

/**
 * What a visitor learns of a request: for a protected one only that it needs a password, until
 * verified. Never the folder's path or contents, the remark or who made it.
 */
export const publicUploadRequestSchema = z.object({
  slug: z.string(),
  requires_password: z.boolean(),
  /** The folder's name. */
  name: z.string().optional(),
  expires_at: z.iso.datetime().nullable().optional(),
  /** The most one file may weigh: the request's limit or the server's, whichever is lower. */
  max_file_size: z.number().optional(),
  /** Null: no limit. */
  remaining_files: z.number().nullable().optional(),
  remaining_bytes: z.number().nullable().optional(),
  /**
   * Files still arriving in parts (with a fingerprint) and the bytes they hold: counted out of
   * `remaining_files` and `remaining_bytes`, but not stored yet. Their sender resumes one by
   * sending the same file again (`fingerprint`), even when it holds the request's last place.
   * Zero for a request without limits.
   */
  files_in_progress: z.number().optional(),
  bytes_in_progress: z.number().optional(),
  allowed_types: z.array(z.string()).optional(),
  /** From `verify`: lets uploads in without the password. */
  access_token: z.string().optional(),
});
export type PublicUploadRequest = z.infer<typeof publicUploadRequestSchema>;

/** A file a visitor sent, under the name it was stored as. */
export const receivedFileSchema = z.object({ name: z.string(), size: z.number() });
export const receivedFilesSchema = z.object({ files: z.array(receivedFileSchema) });
export type ReceivedFiles = z.infer<typeof receivedFilesSchema>;

/**
 * POST …/{slug}/multipart/init: a large file sent in parts, its size declared first and held
 * against the request's limits before any part is taken.
 */
export const requestMultipartInitSchema = z.object({
  filename: z.string().min(1).max(1024),
  size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  mimetype: z.string().max(255).optional(),
  /** Resumes this request's file still arriving with the same fingerprint and size. */
  fingerprint: uploadFingerprintSchema.optional(),
});

export const requestMultipartInitResponseSchema = z.object({
  /** Names this upload in the part, complete and abort calls. */
  upload: z.string(),
  /** The name the file will have (`name (1).ext` when the name was taken). */
  name: z.string(),
  partSize: z.number().int(),
  partCount: z.number().int(),
  /** Each part's address on this server and the bytes it must hold. */
  parts: z.array(z.object({ partNumber: z.number().int(), url: z.string(), length: z.number() })),
  /** Parts already stored when a `fingerprint` resumed the file; empty for a new one. */
  uploaded: z.array(uploadedPartSchema),
});
export type RequestMultipartInit = z.infer<typeof requestMultipartInitResponseSchema>;

export const requestMultipartPartQuerySchema = z.object({
  upload: z.uuid(),
  partNumber: z.coerce.number().int().min(1).max(10_000),
});

export const requestMultipartCompleteSchema = z.object({
  upload: z.uuid(),
  parts: z
    .array(z.object({ partNumber: z.number().int().min(1).max(10_000), etag: z.string().max(256) }))
    .min(1)
    .max(10_000),
});

export const requestMultipartAbortSchema = z.object({ upload: z.uuid() });
