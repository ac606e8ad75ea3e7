import { z } from 'zod';
import {
  BATCH_DELETE_MAX_IDS,
  EXPIRY_OPTIONS,
  FILE_PAGE_SIZE,
  PASTE_REMARK_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SHARE_PASSWORD_MAX_LENGTH,
} from '../constants';
import { normalizeMediaType } from '../media-type';
import { normalizePath } from '../paths';
import { pageOf, pageQueryShape, resolvePage } from './pagination';
import { slugSchema } from './slug';

/** The folder a user files a share under: normalised, always with a leading slash. */
export const sharePathSchema = z.string().transform((value, ctx) => {
  try {
    return normalizePath(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Invalid path' });
    return z.NEVER;
  }
});

export const FILENAME_MAX_LENGTH = 255;

const hasControlCharacter = (text: string) =>
  [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });

/** A file name as given by a browser: one segment, no separators or control characters. */
export const filenameSchema = z
  .string()
  .trim()
  .min(1)
  .max(FILENAME_MAX_LENGTH)
  .refine(
    (name) => !/[/\\]/.test(name) && !hasControlCharacter(name) && name !== '.' && name !== '..',
    'Not a valid file name',
  );

export const mimetypeSchema = z
  .string()
  .trim()
  .max(255)
  .refine((value) => normalizeMediaType(value) !== undefined, 'Not a media type');

const shareRemarkSchema = z.string().trim().max(PASTE_REMARK_MAX_LENGTH);
const shareMaxViewsSchema = z
  .number()
  .int()
  .min(0, 'Max views must not be negative')
  .max(1_000_000_000);
/** `''`: no password (a custom slug `''`: a generated one). */
const sharePasswordSchema = z.union([z.literal(''), z.string().max(SHARE_PASSWORD_MAX_LENGTH)]);
const customSlugSchema = z.union([z.literal(''), slugSchema]);

/** The share options every upload flow carries (SPEC §7 Files). */
export const shareOptionsSchema = z.object({
  slug: customSlugSchema.optional(),
  /** Default: the key's base path (`/` for the admin). */
  path: sharePathSchema.optional(),
  remark: shareRemarkSchema.default(''),
  password: sharePasswordSchema.optional(),
  expires_in: z.enum(EXPIRY_OPTIONS).default('never'),
  max_views: shareMaxViewsSchema.default(0),
});

/** Multipart form fields of POST /upload arrive as text. */
export const uploadFormSchema = shareOptionsSchema.extend({
  s3_config_id: z.string().max(64).optional(),
  /**
   * The file's size in bytes, when the client knows it: checked against the limits before any
   * byte is stored, and lets the storage take the file in one streamed request.
   */
  size: z.coerce.number().int().min(0).optional(),
  mimetype: z.union([z.literal(''), mimetypeSchema]).optional(),
  max_views: z.coerce
    .number()
    .int()
    .min(0, 'Max views must not be negative')
    .max(1_000_000_000)
    .default(0),
});

export const presignRequestSchema = shareOptionsSchema.extend({
  s3_config_id: z.string().max(64).optional(),
  filename: filenameSchema,
  mimetype: z.union([z.literal(''), mimetypeSchema]).optional(),
  size: z.number().int().min(0),
});
export type PresignRequest = z.input<typeof presignRequestSchema>;

export const presignResponseSchema = z.object({
  file_id: z.string(),
  upload_url: z.string(),
  /** Headers the PUT must carry (the signed content type). */
  upload_headers: z.record(z.string(), z.string()),
  storage_path: z.string(),
  s3_url: z.string(),
  slug: z.string(),
  provider_type: z.string(),
  contentType: z.string(),
});
export type PresignResponse = z.infer<typeof presignResponseSchema>;

/**
 * POST s3/commit and url/commit (SPEC §7). The share options, checked as at the presign, replace
 * the presign's; one left out keeps what the presign gave (`expires_in` then counts from the
 * commit). `password: ''` removes a password, `slug: ''` keeps the slug. `s3_config_id` and
 * `storage_path`, as the presign answered them, must be the upload's; `size` must be the stored
 * object's. `filename` and `mimetype` rename the share (its object keeps its key).
 */
export const commitRequestSchema = z.object({
  file_id: z.string().min(1).max(64),
  s3_config_id: z.string().max(64).optional(),
  storage_path: z.string().max(4096).optional(),
  /** Accepted as the presign answered it; not used. */
  s3_url: z.string().max(8192).optional(),
  filename: filenameSchema.optional(),
  mimetype: z.union([z.literal(''), mimetypeSchema]).optional(),
  size: z.number().int().min(0).optional(),
  /** Accepted as the storage answered the PUT; the share keeps the stored object's. */
  etag: z.string().max(255).optional(),
  slug: customSlugSchema.optional(),
  remark: shareRemarkSchema.optional(),
  password: sharePasswordSchema.optional(),
  expires_in: z.enum(EXPIRY_OPTIONS).optional(),
  max_views: shareMaxViewsSchema.optional(),
});
export type CommitRequest = z.input<typeof commitRequestSchema>;

export const fileShareSchema = z.object({
  id: z.string(),
  /** SPEC §3: the same as `id`, under the name the upload flows use. */
  file_id: z.string(),
  slug: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number(),
  s3_config_id: z.string(),
  path: z.string(),
  storage_path: z.string(),
  /** SPEC §3: the object's address in its bucket (unsigned); null on local storage. */
  s3_url: z.string().nullable(),
  etag: z.string().nullable(),
  remark: z.string(),
  has_password: z.boolean(),
  expires_at: z.iso.datetime().nullable(),
  max_views: z.number(),
  views: z.number(),
  remaining_views: z.number().nullable(),
  status: z.enum(['uploading', 'live']),
  created_by: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type FileShare = z.infer<typeof fileShareSchema>;

/** The answer of every call that makes a share live: the share and its addresses for scripts. */
export const createdFileShareSchema = fileShareSchema.extend({
  /** The share's page, absolute (PUBLIC_URL, else the request's origin). */
  share_url: z.string(),
  /**
   * The file itself as an attachment, absolute: `curl -OJ <download_url>` saves it under its
   * name. Carries `password=` for a protected share when this request gave the password.
   */
  download_url: z.string(),
});
export type CreatedFileShare = z.infer<typeof createdFileShareSchema>;

export const fileListSchema = pageOf(fileShareSchema);
export type FileList = z.infer<typeof fileListSchema>;

export const fileListQuerySchema = z
  .object({
    ...pageQueryShape(FILE_PAGE_SIZE),
    search: z.string().trim().min(SEARCH_MIN_LENGTH).max(100).optional(),
  })
  .transform(resolvePage);

/** The share options an owner may change afterwards (each optional; at least one). */
export const shareUpdateShape = {
  remark: z.string().trim().max(PASTE_REMARK_MAX_LENGTH),
  slug: slugSchema,
  password: z.string().min(1).max(SHARE_PASSWORD_MAX_LENGTH).nullable(),
  expires_in: z.enum(EXPIRY_OPTIONS),
  max_views: z.number().int().min(0, 'Max views must not be negative').max(1_000_000_000),
};
export const somethingToUpdate = (value: object) => Object.keys(value).length > 0;

export const updateFileShareRequestSchema = z
  .object(shareUpdateShape)
  .partial()
  .refine(somethingToUpdate, { message: 'Nothing to update' });
export type UpdateFileShareRequest = z.input<typeof updateFileShareRequestSchema>;

export const fileBatchDeleteRequestSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(BATCH_DELETE_MAX_IDS),
});

/**
 * A share as its visitors see it; a protected one shows nothing until verified. Never the
 * remark, a note for its owner only.
 */
export const publicFileSchema = z.object({
  slug: z.string(),
  requires_password: z.boolean(),
  filename: z.string().optional(),
  mimetype: z.string().optional(),
  size: z.number().optional(),
  created_at: z.iso.datetime().optional(),
  expires_at: z.iso.datetime().nullable().optional(),
  views: z.number().optional(),
  remaining_views: z.number().nullable().optional(),
  /** Short-lived addresses carrying an access token; absent until a password is verified. */
  preview_url: z.string().optional(),
  download_url: z.string().optional(),
});
export type PublicFile = z.infer<typeof publicFileSchema>;

/** Short-lived addresses of a share's content, for its owner: reading them counts no view. */
export const fileContentLinksSchema = z.object({
  preview_url: z.string(),
  download_url: z.string(),
});
export type FileContentLinks = z.infer<typeof fileContentLinksSchema>;

/**
 * A file as its client fingerprints it (a hash of its name, size, last-modified and first and
 * last MiB): a multipart upload of the same file by the same caller, still held, is resumed.
 */
export const uploadFingerprintSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'A fingerprint is 16 to 128 letters, digits, - or _');

/** A part the storage already holds at its length: a resumed upload skips it. */
export const uploadedPartSchema = z.object({
  partNumber: z.number().int(),
  etag: z.string(),
  size: z.number().int(),
});

export const multipartInitRequestSchema = presignRequestSchema.extend({
  fingerprint: uploadFingerprintSchema.optional(),
});

export const multipartInitResponseSchema = z.object({
  file_id: z.string(),
  upload_id: z.string(),
  slug: z.string(),
  storage_path: z.string(),
  /** Bytes per part (the last one may be shorter). */
  part_size: z.number(),
  part_count: z.number(),
  /** Parts already stored when a `fingerprint` resumed an upload; empty for a new one. */
  uploaded_parts: z.array(uploadedPartSchema),
});
export type MultipartInitResponse = z.infer<typeof multipartInitResponseSchema>;

export const MULTIPART_URLS_PER_CALL = 100;

export const multipartPartsRequestSchema = z.object({
  file_id: z.string().min(1).max(64),
  part_numbers: z.array(z.number().int().min(1).max(10_000)).min(1).max(MULTIPART_URLS_PER_CALL),
});
export const multipartPartsResponseSchema = z.object({
  parts: z.array(z.object({ partNumber: z.number(), url: z.string() })),
});

export const multipartCompleteRequestSchema = z.object({
  file_id: z.string().min(1).max(64),
  parts: z
    .array(
      z.object({
        partNumber: z.number().int().min(1).max(10_000),
        /** Quotes are stripped by the server too. */
        etag: z.string().min(1).max(255),
      }),
    )
    .min(1)
    .max(10_000),
});

export const fileIdRequestSchema = z.object({ file_id: z.string().min(1).max(64) });

export const urlRequestSchema = z.object({
  url: z.url({ protocol: /^https?$/, message: 'A valid HTTP or HTTPS URL' }).max(4096),
});
export const urlInfoSchema = z.object({
  url: z.string(),
  filename: z.string(),
  size: z.number().nullable(),
  mimetype: z.string(),
});
export type UrlInfo = z.infer<typeof urlInfoSchema>;
