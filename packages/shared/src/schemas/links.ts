import { z } from 'zod';
import { FILE_PAGE_SIZE, SEARCH_MIN_LENGTH } from '../constants';
import { shareOptionsSchema, shareUpdateShape, somethingToUpdate } from './files';
import { pageOf, pageQueryShape, resolvePage } from './pagination';

/** Where a short link may send people: http and https only (no `javascript:`, no `data:`). */
export const linkTargetSchema = z
  .url({ protocol: /^https?$/, message: 'Only http and https addresses can be shortened' })
  .max(2048);

/** POST /api/links: a short link `/l/{slug}` with the share options of a paste. */
export const shortLinkCreateRequestSchema = shareOptionsSchema.omit({ path: true }).extend({
  url: linkTargetSchema,
});
export type ShortLinkCreateRequest = z.input<typeof shortLinkCreateRequestSchema>;

export const shortLinkUpdateRequestSchema = z
  .object({ ...shareUpdateShape, url: linkTargetSchema })
  .partial()
  .refine(somethingToUpdate, { message: 'Nothing to update' });

export const shortLinkSchema = z.object({
  id: z.string(),
  slug: z.string(),
  url: z.string(),
  remark: z.string(),
  has_password: z.boolean(),
  expires_at: z.iso.datetime().nullable(),
  max_views: z.number(),
  views: z.number(),
  remaining_views: z.number().nullable(),
  /** The short address, absolute. */
  short_url: z.string(),
  created_by: z.string(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ShortLink = z.infer<typeof shortLinkSchema>;

export const shortLinkListSchema = pageOf(shortLinkSchema);
export type ShortLinkList = z.infer<typeof shortLinkListSchema>;

export const shortLinkListQuerySchema = z
  .object({
    ...pageQueryShape(FILE_PAGE_SIZE),
    search: z.string().trim().min(SEARCH_MIN_LENGTH).max(100).optional(),
  })
  .transform(resolvePage);

/** What a visitor learns before following: whether it needs a password; `url` once verified. */
export const publicShortLinkSchema = z.object({
  slug: z.string(),
  requires_password: z.boolean(),
  url: z.string().optional(),
});
export type PublicShortLink = z.infer<typeof publicShortLinkSchema>;
