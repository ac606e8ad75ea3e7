import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock, createTestDatabase, type TestClock } from '../../test/harness';
import type { GenerationStore } from './cache-coordination';
import { createNamedCache, MAX_CACHE_TTL_MS } from './named-cache';
import { createPostgresGenerations } from './postgres-generations';

describe.runIf(process.env.TEST_POSTGRES_URL)('PostgreSQL generations', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let clock: TestClock;
  let generations: Required<GenerationStore>;

  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    clock = createTestClock();
    generations = createPostgresGenerations({
      db: database.db,
      clock,
    }) as Required<GenerationStore>;
  });
  afterEach(() => database.drop());

  it('hands out generations above every earlier one, across caches and scopes', async () => {
    expect(await generations.current('directories', ['k:/a'])).toBe(0);
    await generations.bump('directories', ['k:/', 'k:/a']);
    const first = await generations.current('directories', ['k:/a']);
    await generations.bump('search', ['t:/']);
    await generations.bump('directories', ['k:/b']);
    const second = await generations.current('directories', ['k:/b', 'k:/a']);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(await generations.current('search', ['t:/'])).toBeGreaterThan(first);
    expect(await generations.current('search', ['k:/a'])).toBe(0);
  });

  it('prunes scopes older than the longest TTL, and entries loaded since stay current', async () => {
    await generations.bump('directories', ['k:/', 'k:/a']);
    const cache = createNamedCache<string>({
      name: 'directories',
      clock,
      maxEntries: 10,
      generations,
      broadcast: async () => {},
    });
    await cache.set('/a', 'listing', MAX_CACHE_TTL_MS);
    const bumpedAt = clock.now();
    expect(await generations.prune(bumpedAt)).toBe(0);
    clock.advance(MAX_CACHE_TTL_MS - 1);
    expect(await generations.prune(bumpedAt + 1)).toBe(2);
    expect(await cache.get('/a')).toBe('listing');
    const rows = await database.db.selectFrom('cache_generations').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
