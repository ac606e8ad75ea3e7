// Dashboard stats (issue 12 part 1): GET /api/admin/dashboard/stats with 1,000,000 pastes and
// 1,000,000 file shares (over two storages) and 30 days of activity buckets, against the same
// call on an empty database in the same run; p50/p95/p99 and the ratio, per engine. The rows
// go in by bulk SQL (INSERT … SELECT over a recursive CTE on SQLite, generate_series on
// PostgreSQL), through the triggers that keep the counters, as any other insert does.
// PostgreSQL: BENCH_POSTGRES_URL (default the local test database), in a schema of its own
// that is dropped afterwards. `node --import tsx bench/suites/dashboard.ts`
// BENCH_DASHBOARD_ROWS changes the million; BENCH_DASHBOARD_CALLS the number of timed calls.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { createServer } from '../../apps/server/src/app/create-server';
import { migrateToLatest } from '../../apps/server/src/migrations';
import { ACTIVITY_BUCKET_MS } from '../../apps/server/src/modules/dashboard/activity.recorder';
import { systemClock } from '../../apps/server/src/modules/shared/clock';
import {
  type DatabaseHandle,
  openPostgres,
  openSqlite,
} from '../../apps/server/src/modules/shared/db';
import { addressPolicy } from '../../apps/server/src/modules/uploads/url/address-policy';

const ROWS = Number(process.env.BENCH_DASHBOARD_ROWS) || 1_000_000;
/** `sqlite,postgres` unless narrowed. */
const ENGINES = (process.env.BENCH_DASHBOARD_ENGINES ?? 'sqlite,postgres').split(',');
const CALLS = Number(process.env.BENCH_DASHBOARD_CALLS) || 300;
const WARMUP = 30;
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'admin', password: 'bench-password' };
const METRICS = [
  'pastes_created',
  'files_created',
  'views',
  'uploads',
  'bytes_in',
  'bytes_out',
  'cache_hits:directories',
  'cache_misses:directories',
  'cache_hits:storage-urls',
  'cache_misses:storage-urls',
  'cache_hits:search',
  'cache_misses:search',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const summary = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};
const ms = (value: number) => value.toFixed(2);

async function serverOver(handle: DatabaseHandle, dataDir: string) {
  await migrateToLatest(handle);
  const server = createServer({
    db: handle.db,
    clock: systemClock,
    logger: pino({ level: 'warn' }),
    version: 'bench',
    secretKey: 'bench-secret-key-0123456789abcdef',
    adminSessionTtlMs: 3_600_000,
    maxPasteBytes: 64 * 1024,
    urlAddressPolicy: addressPolicy({ allowPrivate: false }),
    dataDir,
    publicUrl: '',
    trustProxyHops: 0,
    corsOrigins: [],
  });
  await server.useCases.auth.ensureAdmin(ADMIN);
  await server.useCases.storage.ensureDefaultStorage();
  const login = await server.app.request('/api/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return { server, token: data.token };
}

async function timeCalls(app: ReturnType<typeof createServer>['app'], token: string) {
  const call = async () => {
    const response = await app.request('/api/admin/dashboard/stats?tz=Europe/Berlin', {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200) throw new Error(`stats: ${response.status}`);
    return (await response.json()) as { data: { counts: Record<string, number> } };
  };
  for (let i = 0; i < WARMUP; i++) await call();
  const samples: number[] = [];
  let counts: Record<string, number> = {};
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    counts = (await call()).data.counts;
    samples.push(performance.now() - started);
  }
  return { ...summary(samples), counts };
}

/** `count` consecutive integers from 1 as a row source `n(i)`, in the engine's own way. */
function series(engine: DatabaseHandle['engine'], count: number) {
  return engine === 'sqlite'
    ? sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})`
    : sql`with n(i) as (select generate_series(1, ${count}::int))`;
}

async function fill(handle: DatabaseHandle, storageIds: [string, string]) {
  const { db, engine } = handle;
  const now = Date.now();
  const cast = (expression: string) =>
    sql.raw(engine === 'sqlite' ? expression : expression.replace(/i \* /g, 'i::bigint * '));
  await sql`${series(engine, ROWS)}
    insert into pastes (id, slug, content, size, remark, format, max_views, views, created_by,
      created_at, updated_at)
    select 'p' || i, 'bp' || i, 'hello dashboard', 15, '', 'markdown', 0, 0, 'admin',
      ${now} - ${cast('i * 2000')}, ${now} - ${cast('i * 2000')} from n`.execute(db);
  await sql`${series(engine, ROWS)}
    insert into file_shares (id, slug, filename, mimetype, size, storage_config_id, path,
      storage_path, remark, max_views, views, status, created_by, created_at, updated_at,
      last_activity_at)
    select 'f' || i, 'bf' || i, 'file-' || i || '.bin', 'application/octet-stream',
      1000 + (i % 5000), case when i % 3 = 0 then ${storageIds[1]} else ${storageIds[0]} end,
      '/', 'bench/' || i, '', 0, 0, case when i % 100 = 0 then 'uploading' else 'live' end,
      'admin', ${now} - ${cast('i * 2000')}, ${now} - ${cast('i * 2000')},
      ${now} - ${cast('i * 2000')} from n`.execute(db);
  // 30 days of quarter hours, every metric (what the housekeeping job keeps).
  const buckets = (30 * 86_400_000) / ACTIVITY_BUCKET_MS;
  const latest = Math.floor(now / ACTIVITY_BUCKET_MS) * ACTIVITY_BUCKET_MS;
  for (const metric of METRICS) {
    await sql`${series(engine, buckets)}
      insert into activity_buckets (bucket_start, metric, value)
      select ${latest} - ${cast(`i * ${ACTIVITY_BUCKET_MS}`)}, ${metric}, 1 + (i % 17) from n`.execute(
      db,
    );
  }
  // Fresh statistics and visibility maps, as autovacuum would have them by then (and not
  // vacuuming 2,000,000 new rows on the same two cores while the calls are timed).
  await sql`${sql.raw(engine === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db);
}

async function measure(label: string, handle: DatabaseHandle, dataDir: string) {
  const { server, token } = await serverOver(handle, dataDir);
  const second = await server.app.request('/api/s3-configs', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench second', storage_type: 'local' }),
  });
  const secondId = ((await second.json()) as { data: { id: string } }).data.id;
  const firstId = (
    await handle.db
      .selectFrom('storage_configs')
      .select('id')
      .where('id', '!=', secondId)
      .executeTakeFirstOrThrow()
  ).id;

  const empty = await timeCalls(server.app, token);
  const filling = performance.now();
  await fill(handle, [firstId, secondId]);
  const fillSeconds = (performance.now() - filling) / 1000;
  const full = await timeCalls(server.app, token);
  const rss = process.memoryUsage().rss / 1024 / 1024;
  console.log(
    `${label}: empty p50 ${ms(empty.p50)} p95 ${ms(empty.p95)} p99 ${ms(empty.p99)} ms | ` +
      `${ROWS.toLocaleString('en-US')} pastes + ${ROWS.toLocaleString('en-US')} files (filled in ${fillSeconds.toFixed(0)} s): ` +
      `p50 ${ms(full.p50)} p95 ${ms(full.p95)} p99 ${ms(full.p99)} ms | ` +
      `p95 ratio ${(full.p95 / empty.p95).toFixed(2)} | counts ${JSON.stringify(full.counts)} | rss ${rss.toFixed(0)} MB`,
  );
  await server.drivers.closeAll();
}

if (ENGINES.includes('sqlite')) {
  const sqliteDir = mkdtempSync(path.join(tmpdir(), 'sharebin-bench-dashboard-'));
  try {
    const handle = openSqlite(path.join(sqliteDir, 'bench.db'));
    await measure('sqlite', handle, sqliteDir);
    await handle.db.destroy();
  } finally {
    rmSync(sqliteDir, { recursive: true, force: true });
  }
}

const schema = `bench_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: POSTGRES_URL });
/** The schema of this run; false (and why) when PostgreSQL does not answer. */
async function createSchema(): Promise<boolean> {
  try {
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    return true;
  } catch (error) {
    console.log(`postgres: skipped (${(error as Error).message})`);
    return false;
  }
}
if (ENGINES.includes('postgres') && (await createSchema())) {
  const pgDir = mkdtempSync(path.join(tmpdir(), 'sharebin-bench-dashboard-'));
  try {
    const handle = openPostgres({
      connectionString: POSTGRES_URL,
      schema,
      maxConnections: 10,
      onConnectionError: () => {},
    });
    await measure('postgres', handle, pgDir);
    await handle.db.destroy();
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
    rmSync(pgDir, { recursive: true, force: true });
  }
}
