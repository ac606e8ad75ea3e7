import { z } from 'zod';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_QUERY_MAX_LENGTH } from '../constants';

/** SPEC §7 `fs/search` scopes: every visible mount, one mount, or one folder and below. */
export const SEARCH_SCOPES = ['global', 'mount', 'directory'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/**
 * Characters of a query as a reader counts them (an emoji is one), which is what the
 * SPEC §5 minimum of two characters is about.
 */
export const searchQueryLength = (q: string) => [...q.trim()].length;

/**
 * Query of `GET /{admin,user}/fs/search` (SPEC §7). The minimum length is not checked here
 * but by the search use case, so that every transport answers `search.query_too_short`.
 */
export const searchRequestSchema = z
  .object({
    q: z.string().trim().max(SEARCH_QUERY_MAX_LENGTH),
    scope: z.enum(SEARCH_SCOPES).default('global'),
    limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).default(0),
    mount_id: z.string().min(1).max(64).optional(),
    /** Virtual path of the folder searched by the `directory` scope. */
    path: z.string().min(1).max(4096).optional(),
  })
  .refine((request) => request.scope !== 'mount' || request.mount_id !== undefined, {
    message: 'The mount scope needs mount_id',
    path: ['mount_id'],
  })
  .refine((request) => request.scope !== 'directory' || request.path !== undefined, {
    message: 'The directory scope needs path',
    path: ['path'],
  });
export type SearchRequest = z.input<typeof searchRequestSchema>;

/** One name found; `path` is within its mount (the file-system layer adds the mount's path). */
export const searchItemSchema = z.object({
  mount_id: z.string(),
  path: z.string(),
  name: z.string(),
  is_directory: z.boolean(),
  size: z.number().nullable(),
  modified_at: z.iso.datetime().nullable(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

/**
 * Matches counted exactly for a search's `total`; past this (or past the end of the page asked
 * for, when further) counting would cost as much as reading every match, so the count stops
 * and the answer says `total_capped` (a UI shows "1,000+").
 */
export const SEARCH_TOTAL_CAP = 1_000;

/**
 * `total` counts only what the caller may see, like `items`; when `total_capped`, more than
 * `total` names match (see `SEARCH_TOTAL_CAP`).
 */
export const searchResponseSchema = z.object({
  items: z.array(searchItemSchema),
  total: z.number().int(),
  total_capped: z.boolean(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
