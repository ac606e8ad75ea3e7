import { z } from 'zod';
import { FILE_PAGE_SIZE, SEARCH_MIN_LENGTH } from '../constants';
import { shareOptionsSchema, updateFileShareRequestSchema } from './files';
import { fsPathSchema } from './fs';
import { pageOf, pageQueryShape, resolvePage } from './pagination';

/** POST /api/{admin|user}/fs/shares: a mounted file or folder by link, with the share options. */
export const fsShareCreateRequestSchema = shareOptionsSchema.omit({ path: true }).extend({
  path: fsPathSchema.describe('The file or folder to share (a virtual path inside a mount)'),
});
export type FsShareCreateRequest = z.input<typeof fsShareCreateRequestSchema>;

/** The same edits as a file share's: slug, password, expiry, views, remark. */
export const fsShareUpdateRequestSchema = updateFileShareRequestSchema;

export const fsShareKindSchema = z.enum(['file', 'folder']);
export type FsShareKind = z.infer<typeof fsShareKindSchema>;

export const fsShareSchema = z.object({
  id: z.string(),
  slug: z.string(),
  kind: fsShareKindSchema,
  /** The shared file or folder (virtual path); follows renames and moves made through Sharebin. */
  path: z.string(),
  /** Its name, as visitors see it. */
  name: z.string(),
  remark: z.string(),
  has_password: z.boolean(),
  expires_at: z.iso.datetime().nullable(),
  max_views: z.number(),
  views: z.number(),
  remaining_views: z.number().nullable(),
  /** The share's page, absolute. */
  url: z.string(),
  created_by: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type FsShare = z.infer<typeof fsShareSchema>;

export const fsShareListSchema = pageOf(fsShareSchema);
export type FsShareList = z.infer<typeof fsShareListSchema>;

/** Paged like file shares, searched by path, slug or remark; `under`: shares at a path or below it. */
export const fsShareListQuerySchema = z
  .object({
    ...pageQueryShape(FILE_PAGE_SIZE),
    search: z.string().trim().min(SEARCH_MIN_LENGTH).max(100).optional(),
    under: fsPathSchema.optional(),
  })
  .transform(resolvePage);

/**
 * What a visitor learns of a share: for a protected one only that it needs a password, until
 * verified. Never the remark, the mount path or who made it.
 */
export const publicFsShareSchema = z.object({
  slug: z.string(),
  requires_password: z.boolean(),
  kind: fsShareKindSchema.optional(),
  name: z.string().optional(),
  /** A shared file's size and type. */
  size: z.number().nullable().optional(),
  mimetype: z.string().nullable().optional(),
  expires_at: z.iso.datetime().nullable().optional(),
  remaining_views: z.number().nullable().optional(),
  /** From `verify`: lets the list and content calls in without the password. */
  access_token: z.string().optional(),
});
export type PublicFsShare = z.infer<typeof publicFsShareSchema>;

/** A path inside a shared folder, relative to it (`/` is the folder itself). */
export const fsShareInnerPathSchema = fsPathSchema.default('/');

/** The files and folders of a share to zip, relative to it (`/`: all of it). */
export const fsShareZipRequestSchema = z.object({
  paths: z.array(fsShareInnerPathSchema).min(1).max(1000),
});

export const publicFsEntrySchema = z.object({
  name: z.string(),
  /** Relative to the shared folder. */
  path: z.string(),
  is_directory: z.boolean(),
  size: z.number().int().nullable(),
  modified: z.iso.datetime().nullable(),
  mimetype: z.string().nullable(),
});
export type PublicFsEntry = z.infer<typeof publicFsEntrySchema>;

export const publicFsListingSchema = z.object({
  path: z.string(),
  items: z.array(publicFsEntrySchema),
});
export type PublicFsListing = z.infer<typeof publicFsListingSchema>;
