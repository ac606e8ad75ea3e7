// Search index (issue 9 item 5): 100,000 names of a realistic tree (nested folders, names in
// English, German, Chinese and Japanese, a few emoji) in one mount, indexed by a rebuild,
// then queries of 2, 3, 5 and 10 characters taken from the names (and a few that match
// nothing), through the search use case as the `fs` layer calls it: every visible mount, and
// a key limited to one top folder. Reports p50/p95/p99 per engine against a primary-key
// lookup of the same table in the same run. PostgreSQL: BENCH_POSTGRES_URL (default the
// local test database), in a schema of its own that is dropped afterwards.
// `node --import tsx bench/suites/search.ts`

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../apps/server/src/migrations';
import type { IndexEntry, VisibleScope } from '../../apps/server/src/modules/search/search.models';
import { createSearchRepository } from '../../apps/server/src/modules/search/search.repository';
import { createSearchUseCases } from '../../apps/server/src/modules/search/search.usecases';
import { systemClock } from '../../apps/server/src/modules/shared/clock';
import {
  type DatabaseHandle,
  openPostgres,
  openSqlite,
} from '../../apps/server/src/modules/shared/db';

const NAMES = Number(process.env.BENCH_SEARCH_NAMES) || 100_000;
const QUERIES_PER_LENGTH = Number(process.env.BENCH_SEARCH_QUERIES) || 200;
const QUERY_LENGTHS = [2, 3, 5, 10];
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MOUNT = 'bench-mount';

/** Deterministic, so that every run indexes the same tree and asks the same queries. */
function prng(seed: number) {
  // mulberry32: 32-bit integer arithmetic only, so the sequence never degrades into a short cycle.
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = prng(42);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;

const WORDS = [
  ...'report invoice budget summary meeting notes draft final backup photo holiday project design spec roadmap release archive contract scan receipt presentation slides screenshot recording podcast episode chapter manuscript thesis dataset export import config settings template invoice-2024 quarterly annual weekly'.split(
    ' ',
  ),
  ...'Rechnung Besprechung Zusammenfassung Urlaub Entwurf Vertrag Übersicht Änderungen'.split(' '),
  ...'季度报告 会议纪要 项目计划 设计稿 合同 发票 照片 备份 年度总结 产品需求'.split(' '),
  ...'議事録 企画書 見積書 写真 資料 報告書'.split(' '),
];
const EXTENSIONS = ['txt', 'md', 'pdf', 'docx', 'xlsx', 'png', 'jpg', 'mp4', 'zip', 'json', 'csv'];
const DECORATIONS = ['', '', '', ' (1)', '_v2', '-final', ' 🎉', '_copy', ' - 副本'];

function fileName() {
  const words = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(WORDS));
  const stamp = random() < 0.5 ? `-${2015 + Math.floor(random() * 11)}` : '';
  return `${words.join(random() < 0.5 ? '_' : ' ')}${stamp}${pick(DECORATIONS)}.${pick(EXTENSIONS)}`;
}

/** About 2,000 folders up to four levels deep; files go into them at random. */
function buildTree(): IndexEntry[] {
  const folders: string[] = [];
  const grow = (parent: string, depth: number) => {
    const children = depth === 0 ? 12 : Math.floor(random() * 6) + 1;
    for (let i = 0; i < children; i++) {
      const folder = `${parent}/${pick(WORDS)}-${depth}${i}`;
      folders.push(folder);
      if (depth < 3 && random() < 0.75) grow(folder, depth + 1);
    }
  };
  grow('', 0);
  const entries: IndexEntry[] = folders.map((folder) => ({
    path: folder,
    isDirectory: true,
    size: null,
    modifiedAt: null,
  }));
  const seen = new Set(folders);
  while (entries.length < NAMES) {
    const filePath = `${pick(folders)}/${fileName()}`;
    if (seen.has(filePath)) continue;
    seen.add(filePath);
    entries.push({
      path: filePath,
      isDirectory: false,
      size: Math.floor(random() * 50_000_000),
      modifiedAt: Date.parse('2024-01-01') + Math.floor(random() * 6e10),
    });
  }
  return entries;
}

/** Substrings of the indexed names (whole characters), plus one query in ten that matches nothing. */
function queriesOf(entries: IndexEntry[], length: number): string[] {
  const queries: string[] = [];
  while (queries.length < QUERIES_PER_LENGTH) {
    if (queries.length % 10 === 9) {
      queries.push('qzx'.repeat(4).slice(0, length));
      continue;
    }
    const name = [...(pick(entries).path.split('/').pop() as string)];
    if (name.length < length) continue;
    const start = Math.floor(random() * (name.length - length + 1));
    const query = name.slice(start, start + length).join('');
    if (query.trim().length === query.length) queries.push(query);
  }
  return queries;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

const ms = (value: number) => value.toFixed(2);

async function measure(label: string, handle: DatabaseHandle, entries: IndexEntry[]) {
  await migrateToLatest(handle);
  const search = createSearchUseCases({
    repository: createSearchRepository(handle),
    clock: systemClock,
  });
  const built = performance.now();
  await search.rebuild(MOUNT, entries);
  const buildSeconds = (performance.now() - built) / 1000;
  // Fresh statistics, as autovacuum would have them on a server that has run for a while.
  if (handle.engine === 'postgres') await sql`analyze search_entries`.execute(handle.db);
  const { live_generation: liveGeneration } = await handle.db
    .selectFrom('search_mount_state')
    .select('live_generation')
    .where('mount_id', '=', MOUNT)
    .executeTakeFirstOrThrow();

  const everything: VisibleScope[] = [{ mountId: MOUNT, pathPrefix: '/' }];
  const firstFolder = entries[0]?.path as string;
  const underKey: VisibleScope[] = [{ mountId: MOUNT, pathPrefix: firstFolder }];
  const paths = Array.from({ length: QUERIES_PER_LENGTH }, () => pick(entries).path);

  // Baseline: a primary-key lookup of the same table, through the same driver.
  const lookup = async (entryPath: string) =>
    handle.db
      .selectFrom('search_entries')
      .selectAll()
      .where('mount_id', '=', MOUNT)
      .where('generation', '=', liveGeneration)
      .where('path', '=', entryPath)
      .executeTakeFirst();
  for (const entryPath of paths.slice(0, 20)) await lookup(entryPath);
  const baseline: number[] = [];
  for (const entryPath of paths) {
    const started = performance.now();
    await lookup(entryPath);
    baseline.push(performance.now() - started);
  }
  const base = summary(baseline);
  console.log(
    `\n${label}: ${entries.length} names indexed by a rebuild in ${buildSeconds.toFixed(1)} s`,
  );
  console.log(
    `  baseline primary-key lookup: p50 ${ms(base.p50)} / p95 ${ms(base.p95)} / p99 ${ms(base.p99)} ms`,
  );
  const rows: string[] = [];
  for (const [scopeLabel, scopes] of [
    ['all of the mount', everything],
    [`key limited to ${firstFolder}`, underKey],
  ] as const) {
    for (const length of QUERY_LENGTHS) {
      const queries = queriesOf(entries, length);
      for (const q of queries.slice(0, 10))
        await search.search({ q, scopes, limit: 50, offset: 0 });
      const samples: number[] = [];
      let hits = 0;
      let capped = 0;
      for (const q of queries) {
        const started = performance.now();
        const result = await search.search({ q, scopes, limit: 50, offset: 0 });
        samples.push(performance.now() - started);
        hits += result.total;
        if (result.totalCapped) capped++;
      }
      const cappedShare = `${Math.round((100 * capped) / queries.length)}%`;
      const figures = summary(samples);
      const row = `| ${label} | ${scopeLabel} | ${length} | ${Math.round(hits / queries.length)} | ${cappedShare} | ${ms(figures.p50)} | **${ms(figures.p95)}** ${figures.p95 < 50 ? '✓' : '✗'} | ${ms(figures.p99)} | ${(figures.p50 / base.p50).toFixed(0)}× |`;
      rows.push(row);
      console.log(
        `  ${scopeLabel}, ${length} characters: mean total ${Math.round(hits / queries.length)} (${cappedShare} capped), p50 ${ms(figures.p50)} / p95 ${ms(figures.p95)} / p99 ${ms(figures.p99)} ms`,
      );
    }
  }
  return rows;
}

const entries = buildTree();
const table: string[] = [];

const sqliteDir = mkdtempSync(path.join(tmpdir(), 'sharebin-bench-search-'));
const sqlite = openSqlite(path.join(sqliteDir, 'search.db'));
try {
  table.push(...(await measure('SQLite', sqlite, entries)));
} finally {
  await sqlite.db.destroy();
  rmSync(sqliteDir, { recursive: true, force: true });
}

const schema = `bench_search_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: POSTGRES_URL });
await admin.connect();
await admin.query(`create schema ${schema}`);
const postgres = openPostgres({
  connectionString: POSTGRES_URL,
  schema,
  onConnectionError: () => {},
});
try {
  table.push(...(await measure('PostgreSQL', postgres, entries)));
} finally {
  await postgres.db.destroy();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}

console.log(
  '\n| engine | visible scope | query length | mean total | totals capped | p50 ms | p95 ms | p99 ms | p50 ÷ PK lookup p50 |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of table) console.log(row);
