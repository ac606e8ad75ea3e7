import {
  adminCacheClearRequestSchema,
  cacheClearResponseSchema,
  cacheStatsResponseSchema,
  userCacheClearRequestSchema,
} from '@sharebin/shared';
import { type AnyRoute, route } from '../../app/route';
import type { Caches } from './cache.usecases';

export function createCacheRoutes({ caches }: { caches: Caches }): AnyRoute[] {
  return [
    route({
      method: 'get',
      path: '/admin/cache/stats',
      tag: 'cache',
      summary: "This instance's cache counters (hits, misses, hit rate, entries, invalidations)",
      auth: 'admin',
      response: cacheStatsResponseSchema,
      handler: () => {
        const { caches: stats, bus } = caches.stats();
        return {
          caches: stats.map((named) => ({
            name: named.name,
            hits: named.hits,
            misses: named.misses,
            hit_rate: named.hitRate,
            loads: named.loads,
            load_failures: named.loadFailures,
            invalidations: named.invalidations,
            unvalidated: named.unvalidated,
            entries: named.entries,
            max_entries: named.maxEntries,
          })),
          bus,
        };
      },
    }),
    route({
      method: 'post',
      path: '/admin/cache/clear',
      tag: 'cache',
      summary: 'Clear the caches on every instance: all, one mount (mount_id) or below a path',
      auth: 'admin',
      body: adminCacheClearRequestSchema,
      response: cacheClearResponseSchema,
      errors: [404],
      handler: ({ body }) => caches.adminClear({ mountId: body.mount_id, path: body.path }),
    }),
    route({
      method: 'post',
      path: '/user/cache/clear',
      tag: 'cache',
      summary: "Clear the caches at and below a path (default: the key's base path)",
      auth: { permission: 'mount' },
      body: userCacheClearRequestSchema,
      response: cacheClearResponseSchema,
      handler: ({ body, principal }) => caches.userClear(principal, body.path),
    }),
  ];
}
