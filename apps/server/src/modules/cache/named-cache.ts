import type { Clock } from '../shared/clock';
import type { GenerationStore } from './cache-coordination';
import type { Invalidation } from './cache-scopes';
import { canonicalKey, invalidates, scopesToBump, scopesToValidate } from './cache-scopes';

/** SPEC §9: a mount's cache TTL is at most 86400 s; no entry of any cache lives longer. */
export const MAX_CACHE_TTL_MS = 86_400_000;

export interface CacheStats {
  name: string;
  hits: number;
  misses: number;
  /** hits / (hits + misses); 0 before the first get. */
  hitRate: number;
  /** Loader calls: below `misses` when concurrent misses shared one. */
  loads: number;
  loadFailures: number;
  invalidations: number;
  /** Gets that went to the loader because the generation store did not answer. */
  unvalidated: number;
  entries: number;
  maxEntries: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
  /** The generation current when its load started; stale once any of its scopes moved past. */
  generation: number;
  /** Read since it was stored or last spared by the eviction. */
  used: boolean;
}

interface Flight<V> {
  promise: Promise<V>;
  generation: number;
  /** An invalidation arrived during the load: nobody may join it or cache its value. */
  stale: boolean;
}

export interface NamedCache<V> {
  readonly name: string;
  get(key: string): Promise<V | undefined>;
  /** `ttlMs` 0 stores nothing (a mount with cache TTL 0). */
  set(key: string, value: V, ttlMs: number): Promise<void>;
  /** Concurrent misses share one loader call; a failure is not cached. */
  getOrLoad(key: string, ttlMs: number, loader: () => Promise<V>): Promise<V>;
  /** The folder, its ancestors and with `subtree` everything below it. */
  invalidatePath(path: string, options?: { subtree?: boolean }): Promise<void>;
  /** Every key at or below `prefix` (whole segments). */
  invalidatePrefix(prefix: string): Promise<void>;
  clear(): Promise<void>;
  /** Drops what an invalidation made on another instance covers (the bus calls it). */
  evict(invalidation: Invalidation): void;
  stats(): CacheStats;
}

export interface NamedCacheDeps {
  name: string;
  clock: Clock;
  /** Entries kept at most; the least recently used goes first. */
  maxEntries: number;
  generations?: GenerationStore | undefined;
  /** Tells the other instances (the bus); awaited before an invalidation returns. */
  broadcast: (cache: string, invalidation: Invalidation) => Promise<void>;
}

export function createNamedCache<V>({
  name,
  clock,
  maxEntries,
  generations,
  broadcast,
}: NamedCacheDeps): NamedCache<V> {
  // A Map iterates in insertion order: the oldest entries come first.
  const entries = new Map<string, Entry<V>>();
  const flights = new Map<string, Flight<V>>();
  const counts = {
    hits: 0,
    misses: 0,
    loads: 0,
    loadFailures: 0,
    invalidations: 0,
    unvalidated: 0,
  };

  /** `undefined` when the store is away: nothing cached may be served then. */
  async function currentGeneration(key: string): Promise<number | undefined> {
    if (!generations) return 0;
    try {
      return await generations.current(name, scopesToValidate(key));
    } catch {
      counts.unvalidated++;
      return undefined;
    }
  }

  function freshEntry(key: string, generation: number): Entry<V> | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= clock.now() || entry.generation < generation) {
      entries.delete(key);
      return undefined;
    }
    entry.used = true;
    return entry;
  }

  function store(key: string, value: V, ttlMs: number, generation: number) {
    if (ttlMs <= 0) return;
    const newer = entries.get(key);
    if (newer && newer.generation > generation) return;
    entries.delete(key);
    entries.set(key, {
      value,
      expiresAt: clock.now() + Math.min(ttlMs, MAX_CACHE_TTL_MS),
      generation,
      used: false,
    });
    if (entries.size > maxEntries) evictLeastRecentlyUsed();
  }

  /** Second-chance LRU: a hit only flags its entry, so no Map surgery on the hot path. */
  function evictLeastRecentlyUsed() {
    for (const [key, entry] of entries) {
      entries.delete(key);
      if (!entry.used) return;
      entry.used = false;
      entries.set(key, entry);
    }
  }

  function startFlight(key: string, ttlMs: number, generation: number, loader: () => Promise<V>) {
    counts.loads++;
    const flight = { generation, stale: false } as Flight<V>;
    flight.promise = (async () => {
      try {
        const value = await loader();
        if (!flight.stale) store(key, value, ttlMs, generation);
        return value;
      } catch (error) {
        counts.loadFailures++;
        throw error;
      } finally {
        if (flights.get(key) === flight) flights.delete(key);
      }
    })();
    flights.set(key, flight);
    return flight.promise;
  }

  async function invalidate(invalidation: Invalidation) {
    counts.invalidations++;
    evictLocally(invalidation);
    await generations?.bump(name, scopesToBump(invalidation));
    await broadcast(name, invalidation);
  }

  function evictLocally(invalidation: Invalidation) {
    for (const key of entries.keys()) if (invalidates(invalidation, key)) entries.delete(key);
    for (const [key, flight] of flights) {
      if (!invalidates(invalidation, key)) continue;
      flight.stale = true;
      flights.delete(key);
    }
  }

  return {
    name,
    async get(rawKey) {
      const key = canonicalKey(rawKey);
      const generation = await currentGeneration(key);
      const entry = generation === undefined ? undefined : freshEntry(key, generation);
      if (entry) counts.hits++;
      else counts.misses++;
      return entry?.value;
    },
    async set(rawKey, value, ttlMs) {
      const key = canonicalKey(rawKey);
      const generation = await currentGeneration(key);
      if (generation !== undefined) store(key, value, ttlMs, generation);
    },
    async getOrLoad(rawKey, ttlMs, loader) {
      const key = canonicalKey(rawKey);
      // One process: what is in memory is current (invalidations evict before they return).
      const generation = generations ? await currentGeneration(key) : 0;
      if (generation === undefined) {
        counts.misses++;
        counts.loads++;
        return loader();
      }
      const entry = freshEntry(key, generation);
      if (entry) {
        counts.hits++;
        return entry.value;
      }
      counts.misses++;
      const flight = flights.get(key);
      // A load that started under an older generation may predate the write that bumped it.
      if (flight && flight.generation >= generation) return flight.promise;
      return startFlight(key, ttlMs, generation, loader);
    },
    invalidatePath: (path, options = {}) =>
      invalidate({ kind: 'path', path, subtree: options.subtree ?? false }),
    invalidatePrefix: (prefix) => invalidate({ kind: 'prefix', prefix }),
    clear: () => invalidate({ kind: 'clear' }),
    evict(invalidation) {
      counts.invalidations++;
      evictLocally(invalidation);
    },
    stats: () => {
      const lookups = counts.hits + counts.misses;
      return {
        name,
        ...counts,
        hitRate: lookups === 0 ? 0 : counts.hits / lookups,
        entries: entries.size,
        maxEntries,
      };
    },
  };
}
