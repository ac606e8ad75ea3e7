/**
 * In-memory caches kept exact across instances (ARCHITECTURE §8). A write awaits a bump of its
 * scopes' generation (one shared ordered counter) before answering; a get serves an entry only if
 * loaded under a generation >= the highest of its scopes, so its loader ran after any answered
 * write. Pub/sub thus only frees memory early. Cost: one indexed read per get on PostgreSQL
 * (~ a `select 1`, bench/RESULTS.md), one HMGET on Redis, none on SQLite. With the store away,
 * gets bypass the cache and invalidations fail, so no write answers as if every instance knew.
 */
import { CACHE_NAMES, type CacheName, hasPathPermission, type Principal } from '@sharebin/shared';
import { z } from 'zod';
import type { Clock } from '../shared/clock';
import { mountNotFound, pathOutsideBasePath } from './cache.errors';
import type { CacheCoordination } from './cache-coordination';
import type { Invalidation } from './cache-scopes';
import {
  type CacheStats,
  createNamedCache,
  MAX_CACHE_TTL_MS,
  type NamedCache,
} from './named-cache';

/** Bus topic of cache invalidations; other topics belong to their modules. */
export const CACHE_INVALIDATION_TOPIC = 'cache.invalidate';

/** Clocks of instances may disagree by this much; scopes are kept that much longer. */
const CLOCK_SKEW_MARGIN_MS = 3_600_000;

const MAX_ENTRIES: Record<CacheName, number> = {
  directories: 5_000,
  'storage-urls': 20_000,
  search: 1_000,
};

/** Not in CACHE_NAMES: clients neither see nor clear them. */
const INTERNAL_CACHE_ENTRIES = { 'admin-sessions': 1_000 } as const;
export type InternalCacheName = keyof typeof INTERNAL_CACHE_ENTRIES;
const INTERNAL_CACHE_NAMES = Object.keys(INTERNAL_CACHE_ENTRIES) as InternalCacheName[];

const invalidationMessage = z.object({
  cache: z.enum([...CACHE_NAMES, ...INTERNAL_CACHE_NAMES]),
  invalidation: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('path'), path: z.string(), subtree: z.boolean() }),
    z.object({ kind: z.literal('prefix'), prefix: z.string() }),
    z.object({ kind: z.literal('clear') }),
  ]),
});

/** The activity metrics (dashboard) of a cache's hits and misses, summed across instances. */
export const cacheLookupMetrics = (name: CacheName) =>
  ({ hits: `cache_hits:${name}`, misses: `cache_misses:${name}` }) as const;

export interface CacheDeps {
  coordination: CacheCoordination;
  clock: Clock;
  /** A mount's virtual path by its id; `undefined` when no mount has it (the mounts module). */
  findMountPath: (mountId: string) => Promise<string | undefined>;
}

/** The named caches of this instance, their counters and the clear operations of SPEC §7. */
export function createCaches({ coordination, clock, findMountPath }: CacheDeps) {
  const { bus, generations } = coordination;
  const broadcast = (cache: string, invalidation: Invalidation) =>
    bus.publish(CACHE_INVALIDATION_TOPIC, { cache, invalidation });
  const named = (name: string, maxEntries: number) =>
    createNamedCache<unknown>({ name, clock, maxEntries, generations, broadcast });
  // Values differ per cache; each user of a cache knows the type of what it stores.
  const caches = new Map<CacheName, NamedCache<unknown>>(
    CACHE_NAMES.map((name) => [name, named(name, MAX_ENTRIES[name])]),
  );
  const internal = new Map<InternalCacheName, NamedCache<unknown>>(
    INTERNAL_CACHE_NAMES.map((name) => [name, named(name, INTERNAL_CACHE_ENTRIES[name])]),
  );
  bus.subscribe(CACHE_INVALIDATION_TOPIC, (payload) => {
    const message = invalidationMessage.safeParse(payload);
    if (!message.success) return;
    const { cache, invalidation } = message.data;
    (caches.get(cache as CacheName) ?? internal.get(cache as InternalCacheName))?.evict(
      invalidation,
    );
  });

  const cache = <V>(name: CacheName) => caches.get(name) as NamedCache<V>;
  const all = [...caches.values()];
  /** Hits and misses already handed to the activity buckets, per cache. */
  const reported = new Map<string, { hits: number; misses: number }>();

  /** Every cache at and below `path` (the whole of each when `path` is `/`). */
  async function clearBelow(path: string) {
    await Promise.all(all.map((named) => named.invalidatePrefix(path)));
    return { path, caches: [...CACHE_NAMES] };
  }

  return {
    cache,
    /** A cache of the server's own (see INTERNAL_CACHE_ENTRIES): out of stats and clears. */
    internalCache: <V>(name: InternalCacheName) => internal.get(name) as NamedCache<V>,
    bus,
    /** Housekeeping: forgets scopes no live entry can depend on (older than the longest TTL). */
    async pruneGenerations(): Promise<number> {
      return (
        (await generations?.prune?.(clock.now() - MAX_CACHE_TTL_MS - CLOCK_SKEW_MARGIN_MS)) ?? 0
      );
    },
    /** Deltas, summed into shared buckets so the dashboard covers every instance. */
    lookupDeltas(): [string, number][] {
      const deltas: [string, number][] = [];
      for (const named of all) {
        const { hits, misses } = named.stats();
        const before = reported.get(named.name) ?? { hits: 0, misses: 0 };
        reported.set(named.name, { hits, misses });
        const metrics = cacheLookupMetrics(named.name as CacheName);
        deltas.push([metrics.hits, hits - before.hits], [metrics.misses, misses - before.misses]);
      }
      return deltas;
    },
    close: () => coordination.close(),
    stats(): {
      caches: CacheStats[];
      bus: { kind: CacheCoordination['kind']; connected: boolean };
    } {
      return {
        caches: all.map((named) => named.stats()),
        bus: { kind: coordination.kind, connected: bus.connected },
      };
    },
    /** Admin: everything, one mount's folders, or the folders at and below a path. */
    async adminClear({
      mountId,
      path,
    }: {
      mountId?: string | undefined;
      path?: string | undefined;
    }) {
      if (mountId) {
        const mountPath = await findMountPath(mountId);
        if (mountPath === undefined) throw mountNotFound(mountId);
        return clearBelow(mountPath);
      }
      return clearBelow(path ?? '/');
    },
    /** An API key: at and below `path` (its base path by default), never above its base path. */
    async userClear(principal: Principal, path: string | undefined) {
      const base = principal.type === 'apikey' ? principal.basicPath : '/';
      const target = path ?? base;
      if (!hasPathPermission(principal, target)) throw pathOutsideBasePath(target);
      return clearBelow(target);
    },
  };
}

export type Caches = ReturnType<typeof createCaches>;
