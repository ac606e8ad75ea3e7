// Cache port benchmark (issue 9 item 4), each figure against a baseline of the same run:
//   a cached hit through the directory cache (one process, SQLite mode)   vs a plain Map lookup
//                                                                          (and vs an awaited one)
//   a cached hit with PostgreSQL generations (one indexed read per get)   vs `select 1` on the pool
//   a cached hit with Redis generations (one HMGET per get)               vs a Redis PING
// PostgreSQL at BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test, in a schema
// of its own, dropped afterwards), Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379);
// either is skipped when it does not answer. Run: `node --import tsx bench/suites/cache.ts`.

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { migrateToLatest } from '../../apps/server/src/migrations';
import type { GenerationStore } from '../../apps/server/src/modules/cache/cache-coordination';
import { createNamedCache } from '../../apps/server/src/modules/cache/named-cache';
import { createPostgresGenerations } from '../../apps/server/src/modules/cache/postgres-generations';
import { createRedisCoordination } from '../../apps/server/src/modules/cache/redis-coordination';
import { systemClock } from '../../apps/server/src/modules/shared/clock';
import { openPostgres } from '../../apps/server/src/modules/shared/db';

const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROUNDS = 5;

/** Median nanoseconds per call of `run` over `iterations` calls, in ROUNDS rounds. */
async function nsPerCall(iterations: number, run: (i: number) => unknown): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) await run(i);
    rounds.push(Number(process.hrtime.bigint() - started) / iterations);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)] as number;
}

const keys = Array.from({ length: 1_000 }, (_, i) => `/team/projects/p${i}/docs`);
const listing = { items: Array.from({ length: 20 }, (_, i) => ({ name: `file-${i}.txt` })) };

function cacheOver(generations?: GenerationStore) {
  return createNamedCache<typeof listing>({
    name: 'directories',
    clock: systemClock,
    maxEntries: 5_000,
    generations,
    broadcast: async () => {},
  });
}

async function hitCost(generations: GenerationStore | undefined, iterations: number) {
  const cache = cacheOver(generations);
  for (const key of keys) await cache.set(key, listing, 3_600_000);
  const loader = async () => listing;
  const ns = await nsPerCall(iterations, (i) =>
    cache.getOrLoad(keys[i % keys.length] as string, 3_600_000, loader),
  );
  const { hits, misses } = cache.stats();
  if (misses !== 0 || hits === 0) throw new Error(`expected hits only, got ${hits}/${misses}`);
  return ns;
}

async function inProcess() {
  const map = new Map(keys.map((key) => [key, listing]));
  const plain = await nsPerCall(1_000_000, (i) => map.get(keys[i % keys.length] as string));
  const awaited = await nsPerCall(1_000_000, async (i) => map.get(keys[i % keys.length] as string));
  const cached = await hitCost(undefined, 1_000_000);
  console.log('\n### One process (SQLite): directory cache hit vs a Map lookup');
  console.log(`plain Map.get (awaited by the loop)    ${plain.toFixed(0)} ns`);
  console.log(`async function around Map.get          ${awaited.toFixed(0)} ns`);
  console.log(`cache.getOrLoad hit                    ${cached.toFixed(0)} ns`);
  console.log(
    `ratio hit / Map.get ${(cached / plain).toFixed(1)}×, hit / async Map.get ${(cached / awaited).toFixed(1)}×`,
  );
}

async function overPostgres() {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch {
    console.log('\nPostgreSQL does not answer: skipped');
    return;
  }
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`create schema ${schema}`);
  const handle = openPostgres({
    connectionString: POSTGRES_URL,
    schema,
    onConnectionError: () => {},
  });
  try {
    await migrateToLatest(handle);
    const generations = createPostgresGenerations({ db: handle.db, clock: systemClock });
    // Some history, as a live install has: scopes of many folders bumped.
    for (let i = 0; i < 200; i++)
      await generations.bump('directories', [`k:/team/projects/p${i}`, 'k:/team']);
    const ping = await nsPerCall(2_000, () => sql`select 1`.execute(handle.db));
    const cached = await hitCost(generations, 2_000);
    const invalidate = await nsPerCall(500, (i) =>
      generations.bump('directories', ['k:/', 'k:/team', `k:/team/projects/p${i % 1000}`]),
    );
    console.log('\n### PostgreSQL: validated hit (one indexed read) vs `select 1` on the pool');
    console.log(`select 1                               ${(ping / 1000).toFixed(0)} µs`);
    console.log(`cache.getOrLoad hit, validated         ${(cached / 1000).toFixed(0)} µs`);
    console.log(`invalidation (bump of 3 scopes)        ${(invalidate / 1000).toFixed(0)} µs`);
    console.log(`ratio validated hit / select 1 ${(cached / ping).toFixed(2)}×`);
  } finally {
    await handle.db.destroy();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

async function overRedis() {
  const keyPrefix = `sharebin-bench-${randomBytes(4).toString('hex')}:`;
  const coordination = await createRedisCoordination({
    url: REDIS_URL,
    logger: pino({ level: 'silent' }),
    keyPrefix,
  });
  const generations = coordination.generations as GenerationStore;
  try {
    await generations.current('directories', ['k:/']);
  } catch {
    console.log('\nRedis does not answer: skipped');
    await coordination.close();
    return;
  }
  const { Redis } = await import('ioredis');
  const plain = new Redis(REDIS_URL);
  try {
    const ping = await nsPerCall(5_000, () => plain.ping());
    const cached = await hitCost(generations, 5_000);
    console.log('\n### Redis: validated hit (one HMGET) vs a PING');
    console.log(`PING                                   ${(ping / 1000).toFixed(0)} µs`);
    console.log(`cache.getOrLoad hit, validated         ${(cached / 1000).toFixed(0)} µs`);
    console.log(`ratio validated hit / PING ${(cached / ping).toFixed(2)}×`);
  } finally {
    await plain.del(`${keyPrefix}cache:generation`, `${keyPrefix}cache:scopes:directories`);
    plain.disconnect();
    await coordination.close();
  }
}

await inProcess();
await overPostgres();
await overRedis();
