import { describe, expect, it, vi } from 'vitest';
import { createTestClock } from '../../test/harness';
import type { GenerationStore } from './cache-coordination';
import type { Invalidation } from './cache-scopes';
import { createNamedCache, MAX_CACHE_TTL_MS } from './named-cache';

/** A generation store in memory, as the shared ones behave (one counter for every scope). */
function memoryGenerations(): GenerationStore & { failing: boolean } {
  const scopes = new Map<string, number>();
  let counter = 0;
  return {
    failing: false,
    async current(cache, list) {
      if (this.failing) throw new Error('store away');
      return Math.max(0, ...list.map((scope) => scopes.get(`${cache} ${scope}`) ?? 0));
    },
    async bump(cache, list) {
      counter++;
      for (const scope of list) scopes.set(`${cache} ${scope}`, counter);
    },
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setUp(options: { maxEntries?: number; generations?: GenerationStore } = {}) {
  const clock = createTestClock();
  const broadcasts: Invalidation[] = [];
  const cache = createNamedCache<string>({
    name: 'directories',
    clock,
    maxEntries: options.maxEntries ?? 100,
    generations: options.generations,
    broadcast: async (_name, invalidation) => {
      broadcasts.push(invalidation);
    },
  });
  return { cache, clock, broadcasts };
}

describe.each([
  ['in-process', () => undefined],
  ['with shared generations', memoryGenerations],
])('named cache (%s)', (_label, generations) => {
  it('serves an entry for its TTL, then loads again', async () => {
    const { cache, clock } = setUp({ generations: generations() });
    const loader = vi.fn(async () => 'listing');
    expect(await cache.getOrLoad('/a', 1_000, loader)).toBe('listing');
    clock.advance(999);
    expect(await cache.getOrLoad('/a', 1_000, loader)).toBe('listing');
    expect(loader).toHaveBeenCalledTimes(1);
    clock.advance(1);
    expect(await cache.get('/a')).toBeUndefined();
    expect(await cache.getOrLoad('/a', 1_000, loader)).toBe('listing');
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('stores nothing with TTL 0 and caps any TTL at a day', async () => {
    const { cache, clock } = setUp({ generations: generations() });
    await cache.set('/zero', 'x', 0);
    expect(await cache.get('/zero')).toBeUndefined();
    await cache.set('/long', 'y', MAX_CACHE_TTL_MS * 10);
    clock.advance(MAX_CACHE_TTL_MS - 1);
    expect(await cache.get('/long')).toBe('y');
    clock.advance(1);
    expect(await cache.get('/long')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache } = setUp({ maxEntries: 2, generations: generations() });
    await cache.set('/a', 'a', 60_000);
    await cache.set('/b', 'b', 60_000);
    expect(await cache.get('/a')).toBe('a'); // /a is now the most recent
    await cache.set('/c', 'c', 60_000);
    expect(await cache.get('/b')).toBeUndefined();
    expect(await cache.get('/a')).toBe('a');
    expect(await cache.get('/c')).toBe('c');
    expect(cache.stats().entries).toBe(2);
  });

  it('shares one loader call among concurrent misses', async () => {
    const { cache } = setUp({ generations: generations() });
    const load = deferred<string>();
    const loader = vi.fn(() => load.promise);
    const callers = Array.from({ length: 10 }, () => cache.getOrLoad('/a', 60_000, loader));
    // Every caller passed its generation check and joined before the load ends.
    await vi.waitFor(() => expect(cache.stats().misses).toBe(10));
    load.resolve('shared');
    expect(await Promise.all(callers)).toEqual(Array(10).fill('shared'));
    expect(loader).toHaveBeenCalledTimes(1);
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 10, loads: 1, entries: 1 });
  });

  it('fails every waiter of a failing loader and caches nothing', async () => {
    const { cache } = setUp({ generations: generations() });
    const load = deferred<string>();
    const callers = Array.from({ length: 3 }, () =>
      cache.getOrLoad('/a', 60_000, () => load.promise),
    );
    await vi.waitFor(() => expect(cache.stats().misses).toBe(3));
    load.reject(new Error('storage down'));
    for (const caller of callers) await expect(caller).rejects.toThrow('storage down');
    expect(cache.stats()).toMatchObject({ loads: 1, loadFailures: 1, entries: 0 });
    expect(await cache.getOrLoad('/a', 60_000, async () => 'back')).toBe('back');
  });

  it('counts hits, misses, loads and invalidations', async () => {
    const { cache } = setUp({ generations: generations() });
    await cache.getOrLoad('/a', 60_000, async () => 'a');
    await cache.getOrLoad('/a', 60_000, async () => 'a');
    await cache.getOrLoad('/a', 60_000, async () => 'a');
    await cache.invalidatePath('/a');
    expect(cache.stats()).toMatchObject({
      name: 'directories',
      hits: 2,
      misses: 1,
      loads: 1,
      invalidations: 1,
      entries: 0,
    });
    expect(cache.stats().hitRate).toBeCloseTo(2 / 3);
  });

  it('invalidates a folder and its ancestors, and its subtree when asked', async () => {
    const { cache, broadcasts } = setUp({ generations: generations() });
    const keys = ['/', '/a', '/a/b', '/a/b/c', '/a/bc', '/x'];
    const fill = () => Promise.all(keys.map((key) => cache.set(key, key, 60_000)));
    const present = async () =>
      (await Promise.all(keys.map(async (key) => ((await cache.get(key)) ? key : null)))).filter(
        Boolean,
      );

    await fill();
    await cache.invalidatePath('/a/b');
    expect(await present()).toEqual(['/a/b/c', '/a/bc', '/x']);

    await fill();
    await cache.invalidatePath('/a/b', { subtree: true });
    expect(await present()).toEqual(['/a/bc', '/x']);

    await fill();
    await cache.invalidatePrefix('/a');
    expect(await present()).toEqual(['/', '/x']);

    await fill();
    await cache.clear();
    expect(await present()).toEqual([]);
    expect(broadcasts).toEqual([
      { kind: 'path', path: '/a/b', subtree: false },
      { kind: 'path', path: '/a/b', subtree: true },
      { kind: 'prefix', prefix: '/a' },
      { kind: 'clear' },
    ]);
  });

  it('never caches nor shares a load that an invalidation overtook', async () => {
    const { cache } = setUp({ generations: generations() });
    const before = deferred<string>();
    const first = cache.getOrLoad('/a', 60_000, () => before.promise);
    await vi.waitFor(() => expect(cache.stats().loads).toBe(1));
    await cache.invalidatePath('/a/file.txt');
    // Arriving after the write answered: must not join the load that started before it.
    const second = cache.getOrLoad('/a', 60_000, async () => 'after');
    before.resolve('before');
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(await cache.get('/a')).toBe('after');
  });

  it('drops what an invalidation from another instance covers', async () => {
    const { cache } = setUp({ generations: generations() });
    await cache.set('/a/b', 'x', 60_000);
    await cache.set('/c', 'y', 60_000);
    cache.evict({ kind: 'path', path: '/a/b/c', subtree: false });
    expect(await cache.get('/a/b')).toBeUndefined();
    expect(await cache.get('/c')).toBe('y');
  });
});

describe('named cache with shared generations', () => {
  it('rejects an entry once another instance bumped one of its scopes, with no message', async () => {
    const generations = memoryGenerations();
    const { cache } = setUp({ generations });
    await cache.set('/a/b', 'old', 60_000);
    // Another instance wrote below /a/b: its bump is all this instance sees.
    await generations.bump('directories', ['k:/', 'k:/a', 'k:/a/b', 'k:/a/b/c']);
    expect(await cache.get('/a/b')).toBeUndefined();
  });

  it('serves nothing it cannot validate while the store is away, and recovers', async () => {
    const generations = memoryGenerations();
    const { cache } = setUp({ generations });
    await cache.set('/a', 'cached', 60_000);
    generations.failing = true;
    const loader = vi.fn(async () => 'from storage');
    expect(await cache.getOrLoad('/a', 60_000, loader)).toBe('from storage');
    expect(await cache.get('/a')).toBeUndefined();
    expect(cache.stats().unvalidated).toBe(2);
    generations.failing = false;
    expect(await cache.get('/a')).toBe('cached');
  });
});
