import { z } from 'zod';
import { LIST_MAX_LIMIT } from '../constants';

/**
 * The query of every paged list: `limit` (at most LIST_MAX_LIMIT) and `offset`, or `page`
 * counted from 1 (SPEC §7 pages the admin's pastes; every list takes it). Extend it with the
 * list's own filters, then `.transform(resolvePage)`.
 */
export const pageQueryShape = (defaultLimit: number) => ({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIST_MAX_LIMIT)
    .default(defaultLimit)
    .describe(`Items per page, at most ${LIST_MAX_LIMIT}`),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .describe('Items skipped (default 0); wins over `page` when both are given'),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Alias of `offset`: page n (from 1) is offset (n - 1) × limit'),
});

/** `page` turned into the `offset` it stands for: lists only ever see limit and offset. */
export const resolvePage = <Q extends { limit: number; offset?: number; page?: number }>({
  page,
  offset,
  ...rest
}: Q): Omit<Q, 'page' | 'offset'> & { offset: number } => ({
  ...rest,
  offset: offset ?? (page === undefined ? 0 : (page - 1) * rest.limit),
});

/** The query of a list with no filters of its own. */
export const pageQuerySchema = (defaultLimit: number) =>
  z.object(pageQueryShape(defaultLimit)).transform(resolvePage);

/** One page of any list: its items, how many there are in all, and the page asked for. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });

/** A list's items from `offset`, at most `limit` of them, with its paging facts. */
export function pageFrom<T>(
  all: readonly T[],
  { limit, offset }: { limit: number; offset: number },
): { items: T[]; total: number; limit: number; offset: number } {
  return { items: all.slice(offset, offset + limit), total: all.length, limit, offset };
}

/** One page of a list of `T`, as the API answers it. */
export type Page<T> = { items: T[]; total: number; limit: number; offset: number };
