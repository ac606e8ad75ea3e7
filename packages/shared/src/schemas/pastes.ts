import { z } from 'zod';
import {
  BATCH_DELETE_MAX_IDS,
  EXPIRY_OPTIONS,
  PASTE_FORMATS,
  PASTE_LANGUAGE_MAX_LENGTH,
  PASTE_PAGE_SIZE,
  PASTE_REMARK_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SHARE_PASSWORD_MAX_LENGTH,
} from '../constants';
import { pageOf, pageQueryShape, resolvePage } from './pagination';
import { slugSchema } from './slug';

/** SPEC §5: Markdown share content must not be empty (whitespace alone is empty). */
const contentSchema = z
  .string()
  .refine((value) => value.trim().length > 0, 'Content must not be empty');
const remarkSchema = z.string().trim().max(PASTE_REMARK_MAX_LENGTH);
const passwordSchema = z.string().min(1).max(SHARE_PASSWORD_MAX_LENGTH);
const maxViewsSchema = z.number().int().min(0, 'Max views must not be negative').max(1_000_000_000);
const languageSchema = z
  .string()
  .trim()
  .max(PASTE_LANGUAGE_MAX_LENGTH)
  .regex(/^[\w+#.-]*$/);

export const createPasteRequestSchema = z.object({
  content: contentSchema,
  remark: remarkSchema.default(''),
  /** Custom link suffix; generated when absent or empty. */
  slug: z.union([z.literal(''), slugSchema]).optional(),
  password: z.union([z.literal(''), passwordSchema]).optional(),
  expires_in: z.enum(EXPIRY_OPTIONS).default('never'),
  /** 0 = unlimited. */
  max_views: maxViewsSchema.default(0),
  format: z.enum(PASTE_FORMATS).default('markdown'),
  /** Highlighting language of a plain-text paste (`javascript`, `python`…). */
  language: languageSchema.optional(),
});
export type CreatePasteRequest = z.input<typeof createPasteRequestSchema>;

/**
 * The options of a paste sent as a plain text body (`curl --data-binary @notes.md -H
 * 'content-type: text/plain'`), from the query string; the body is the content.
 */
export const createPasteQuerySchema = z.object({
  remark: z.string().optional(),
  slug: z.string().optional(),
  password: z.string().optional(),
  expires_in: z.string().optional(),
  max_views: z
    .string()
    .regex(/^-?\d+$/, 'Max views must be a whole number')
    .transform(Number)
    .optional(),
  format: z.string().optional(),
  language: z.string().optional(),
});

export const updatePasteRequestSchema = z
  .object({
    content: contentSchema,
    remark: remarkSchema,
    slug: slugSchema,
    /** A new password; null removes it; absent keeps it. */
    password: passwordSchema.nullable(),
    /** Counted from now; `never` removes the expiry. */
    expires_in: z.enum(EXPIRY_OPTIONS),
    max_views: maxViewsSchema,
    format: z.enum(PASTE_FORMATS),
    language: languageSchema.nullable(),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to update' });
export type UpdatePasteRequest = z.input<typeof updatePasteRequestSchema>;

export const pastePasswordRequestSchema = z.object({
  password: z.string().max(SHARE_PASSWORD_MAX_LENGTH),
});

/** A paste as its visitors see it: never the remark, a note for its owner only. */
export const pasteViewSchema = z.object({
  slug: z.string(),
  content: z.string(),
  format: z.enum(PASTE_FORMATS),
  language: z.string().nullable(),
  has_password: z.boolean(),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime().nullable(),
  max_views: z.number(),
  views: z.number(),
  /** null when unlimited. */
  remaining_views: z.number().nullable(),
  /** For a protected paste: a short-lived token for the raw link (`/api/raw/{slug}?token=`). */
  access_token: z.string().optional(),
});
export type PasteView = z.infer<typeof pasteViewSchema>;

/** A paste as its owner and the admin see it. */
export const pasteSchema = pasteViewSchema.omit({ access_token: true }).extend({
  id: z.string(),
  remark: z.string(),
  created_by: z.string(),
  updated_at: z.iso.datetime(),
  size: z.number(),
});
export type Paste = z.infer<typeof pasteSchema>;

/** A new paste, with the addresses to hand on: its page and its raw text. */
export const createdPasteSchema = pasteSchema.extend({
  url: z.string(),
  raw_url: z.string(),
});
export type CreatedPaste = z.infer<typeof createdPasteSchema>;

export const pasteSummarySchema = pasteSchema
  .omit({ content: true })
  .extend({ preview: z.string() });
export type PasteSummary = z.infer<typeof pasteSummarySchema>;

const searchSchema = z.string().trim().min(SEARCH_MIN_LENGTH).max(100).optional();

/** GET admin/pastes (SPEC: `page`) and user/pastes (SPEC: `offset`) both take either. */
export const pasteListQuerySchema = z
  .object({ ...pageQueryShape(PASTE_PAGE_SIZE), search: searchSchema })
  .transform(resolvePage);

/** A page of pastes; `page` too, the page number SPEC §7's admin list speaks of. */
export const pasteListSchema = pageOf(pasteSummarySchema).extend({
  page: z.number().int().describe('The page `offset` falls in, from 1'),
});
export type PasteList = z.infer<typeof pasteListSchema>;

export const batchDeleteRequestSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(BATCH_DELETE_MAX_IDS),
});
export const deletedCountSchema = z.object({ deleted: z.number() });
