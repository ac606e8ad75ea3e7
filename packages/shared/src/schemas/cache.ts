import { z } from 'zod';
import { sharePathSchema } from './files';

/** The caches every instance keeps (SPEC §3 dashboard: directory, S3 URL and search hit rates). */
export const CACHE_NAMES = ['directories', 'storage-urls', 'search'] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

export const cacheStatsSchema = z.object({
  name: z.enum(CACHE_NAMES),
  hits: z.number().int(),
  misses: z.number().int(),
  /** hits / (hits + misses), 0 to 1; 0 before the first lookup. */
  hit_rate: z.number(),
  loads: z.number().int(),
  load_failures: z.number().int(),
  invalidations: z.number().int(),
  /** Lookups served by the loader because the shared generations could not be read. */
  unvalidated: z.number().int(),
  entries: z.number().int(),
  max_entries: z.number().int(),
});

export const cacheStatsResponseSchema = z.object({
  /** Counts of the instance that answered, since it started. */
  caches: z.array(cacheStatsSchema),
  bus: z.object({
    kind: z.enum(['in-process', 'postgres', 'redis']),
    connected: z.boolean(),
  }),
});

/** Admin: everything; or one mount's folders; or the folders at and below a path. */
export const adminCacheClearRequestSchema = z
  .object({
    mount_id: z.string().min(1).max(64).optional(),
    path: sharePathSchema.optional(),
  })
  .refine((body) => !(body.mount_id && body.path), {
    message: 'Give mount_id or path, not both',
    path: ['path'],
  });

/** API key: the folders at and below `path` (default: its base path), never above it. */
export const userCacheClearRequestSchema = z.object({ path: sharePathSchema.optional() });

export const cacheClearResponseSchema = z.object({
  /** `/` when everything was cleared. */
  path: z.string(),
  caches: z.array(z.enum(CACHE_NAMES)),
});
