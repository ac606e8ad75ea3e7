import pino from 'pino';
import { expect } from 'vitest';
import type { CacheCoordination } from '../modules/cache/cache-coordination';
import { createPostgresBus } from '../modules/cache/postgres-bus';
import { createPostgresGenerations } from '../modules/cache/postgres-generations';
import { createRedisCoordination } from '../modules/cache/redis-coordination';
import { systemClock } from '../modules/shared/clock';
import type { DatabaseHandle } from '../modules/shared/db';
import type { InstanceDepsFactory, TestInstance } from './two-instances';

const silent = pino({ level: 'silent' });

/** An instance's caches on PostgreSQL's LISTEN/NOTIFY and generations table. */
export function overPostgres(
  connectionString: string,
  options: { applicationName?: string } = {},
): InstanceDepsFactory {
  return async (database: DatabaseHandle) => {
    const bus = await createPostgresBus({
      db: database.db,
      connectionString,
      logger: silent,
      ...options,
    });
    const coordination: CacheCoordination = {
      kind: 'postgres',
      bus,
      generations: createPostgresGenerations({ db: database.db, clock: systemClock }),
      close: bus.close,
    };
    return { cacheCoordination: coordination };
  };
}

/** An instance's caches on Redis, under `keyPrefix` (give both instances of a test the same). */
export function overRedis(url: string, keyPrefix: string): InstanceDepsFactory {
  return async () => ({
    cacheCoordination: await createRedisCoordination({ url, logger: silent, keyPrefix }),
  });
}

/**
 * What the file system will do over the cache port, on each instance: a listing read through
 * the directory cache, and a write that changes the (shared) storage, invalidates, then answers.
 * The storage is a version number per folder, shared like an S3 bucket.
 */
export function serveFolders([a, b]: [TestInstance, TestInstance]) {
  const storage = new Map<string, number>();
  let loads = 0;
  for (const instance of [a, b]) {
    const directories = instance.server.caches.cache<number>('directories');
    instance.server.app.get('/probe/list', async (c) => {
      const path = c.req.query('path') as string;
      const version = await directories.getOrLoad(path, 60_000, async () => {
        loads++;
        return storage.get(path) ?? 0;
      });
      return c.json({ version });
    });
    instance.server.app.post('/probe/write', async (c) => {
      const path = c.req.query('path') as string;
      const folder = path.slice(0, path.lastIndexOf('/')) || '/';
      storage.set(folder, (storage.get(folder) ?? 0) + 1);
      await directories.invalidatePath(folder);
      return c.json({ version: storage.get(folder) });
    });
  }
  const list = async (instance: TestInstance, path: string) => {
    const response = await instance.server.app.request(`/probe/list?path=${path}`);
    return ((await response.json()) as { version: number }).version;
  };
  /** Answers the folder's new version, or the status of a write that failed. */
  const tryWrite = async (instance: TestInstance, path: string) => {
    const response = await instance.server.app.request(`/probe/write?path=${path}`, {
      method: 'POST',
    });
    if (response.status !== 200) return { status: response.status };
    return { status: 200, version: ((await response.json()) as { version: number }).version };
  };
  const write = async (instance: TestInstance, path: string) => {
    const { status, version } = await tryWrite(instance, path);
    expect(status).toBe(200);
    return version as number;
  };
  return {
    list,
    write,
    tryWrite,
    loads: () => loads,
    /** What the storage holds now. */
    stored: (path: string) => storage.get(path) ?? 0,
  };
}

/**
 * Writes on A and reads on B at once, `iterations` times (no sleep): B never answers what A
 * overwrote. `folders` from `serveFolders` over the started instances.
 */
export async function expectNeverStale(
  [a, b]: [TestInstance, TestInstance],
  folders: ReturnType<typeof serveFolders>,
  iterations: number,
) {
  const { list, write, loads } = folders;
  const hitsBefore = b.server.caches.cache('directories').stats().hits;
  const loadsBefore = loads();
  for (let i = 0; i < iterations; i++) {
    // B holds the folder in its cache before each write, so that a stale answer is possible.
    await list(b, '/docs');
    await list(b, '/docs');
    const written = await write(a, '/docs/report.txt');
    expect(await list(b, '/docs')).toBe(written);
  }
  const hits = b.server.caches.cache('directories').stats().hits - hitsBefore;
  // The reads before each write were hits: the cache did serve, and was never stale.
  expect(hits).toBeGreaterThanOrEqual(iterations);
  expect(loads() - loadsBefore).toBeGreaterThanOrEqual(iterations);
}
