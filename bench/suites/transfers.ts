// Transfers benchmark (issue 29, "Done means"): Sharebin against `rclone serve webdav` on the
// same local folder, in the same run, BENCH_ROUNDS rounds (default 3) alternating which server
// goes (rclone, sharebin, rclone, sharebin, …); each figure is the median of the rounds with
// its spread (min–max):
//   1,000 PUTs of 4 KiB over WebDAV on one keep-alive connection, then 1,000 GETs of them
//   GET and PUT of 1 GiB over WebDAV, and through the API (`GET …/fs/download`,
//     `POST …/fs/upload`) against rclone's WebDAV GET and PUT
//   the tenth of 10 consecutive WebDAV GETs of 1 GiB in one Sharebin process against the first
//   PROPFIND Depth 1 of folders of 1,000 and 10,000 entries, 8 connections in parallel,
//     uncached on our side (the mount's cache_ttl is 0): PROPFINDs/s and answer bytes
//   1,000 uploads of 4 KiB through the API on one connection, against our WebDAV small PUTs
//   server CPU (utime + stime from /proc) per small PUT and per GiB; peak resident memory over
//     the idle figure taken just before each 1 GiB transfer (target < 64 MB)
// and the load average at start and end (the machine is shared: read the figures with it).
// Before the rounds, both servers serve one untimed round of the small files (a warm-up).
// Sharebin runs as `npm start` runs it: the built server (rebuilt first if its sources are
// newer, as `npm start` does), with the Node options of package.json's start script.
// rclone runs with its defaults (its directory cache included, 5 min): rclone as users run it,
// and with `--user`/`--pass`, so that both servers check the same HTTP Basic credentials. The
// 1 GiB file read is sparse (the GETs measure the servers, not the disk); the disk is flushed
// before each 1 GiB upload and before each server's small files, and the file deleted after.
// Run: `node --import tsx bench/suites/transfers.ts` (needs `rclone`; 4 to 6 minutes, 2 GiB of
// disk).
// Ports: TRANSFERS_BENCH_PORT (Sharebin, default 39471), TRANSFERS_RCLONE_PORT (default 39472).
// TRANSFERS_BENCH_SERVER=<built main.js> measures another build (an earlier commit's) instead.
// TRANSFERS_ONLY=small,propfind (any of small, propfind, big) runs only those parts, for a quick
// look while working; the table then shows the rest without figures.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ensureBuilt, TARGETS } from '../../scripts/ensure-built.mjs';
import { adminApi, adminToken, mbps, mountedLocalDisk, withPeakMemory } from '../helpers/admin-api';
import {
  freshDataDir,
  median,
  residentMb,
  startServer,
  stop,
  waitForHealth,
} from '../helpers/lib.mjs';

const SHAREBIN_PORT = Number(process.env.TRANSFERS_BENCH_PORT) || 39_471;
const RCLONE_PORT = Number(process.env.TRANSFERS_RCLONE_PORT) || 39_472;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const GIB = 1024 ** 3;
const SMALL_FILES = 1_000;
const SMALL_SIZE = 4 * 1024;
const CONSECUTIVE_GETS = 10;
const PARALLEL = 8;
/** Folder sizes listed by PROPFIND, each with the PROPFINDs each of the 8 connections sends. */
const FOLDERS = [
  { entries: 1_000, perConnection: 25 },
  { entries: 10_000, perConnection: 4 },
] as const;
/**
 * The PROPFIND body sent to both servers: the properties a client such as rclone's WebDAV
 * backend needs to list a folder, rather than allprop (which would add each server's own extras
 * and compare different answers).
 */
const PROPFIND_BODY =
  '<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop>' +
  '<d:displayname/><d:getlastmodified/><d:getcontentlength/><d:resourcetype/><d:getcontenttype/>' +
  '</d:prop></d:propfind>';
const USER = 'admin';
const PASSWORD = 'bench-password';
const PARTS = new Set((process.env.TRANSFERS_ONLY ?? 'small,propfind,big').split(','));
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

interface Target {
  name: 'rclone' | 'sharebin';
  /** The WebDAV address of the shared folder, ending with `/`. */
  dav: string;
  pid: number;
}

interface Answer {
  status: number;
  bytes: number;
  text: string;
}

/**
 * One request on `agent`; the body (a string or a stream) is sent and the answer read and
 * counted (its text kept when `keepText`). `sockets` collects the connections used, so that a
 * server closing keep-alive connections shows.
 */
function send(
  url: string,
  method: string,
  agent: http.Agent,
  options: {
    body?: string | Buffer | Readable;
    headers?: Record<string, string>;
    keepText?: boolean;
    sockets?: Set<unknown>;
  } = {},
) {
  const { body, headers = {}, keepText = false, sockets } = options;
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(url, { method, agent, headers }, (response) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      // An error's text is kept too, for the message that stops the run.
      const keep = keepText || (response.statusCode ?? 0) >= 300;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep) chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          bytes,
          text: Buffer.concat(chunks).toString(),
        }),
      );
      response.on('error', reject);
    });
    request.on('socket', (socket) => sockets?.add(socket));
    request.on('error', reject);
    if (body instanceof Readable) body.pipe(request);
    else request.end(body);
  });
}

function expectStatus(answer: Answer, allowed: number[], what: string) {
  if (!allowed.includes(answer.status))
    throw new Error(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
}

/**
 * 1 GiB of bytes made as they are sent (a 1 MiB block repeated), never held whole, between
 * `head` and `tail` (a form's parts around a file).
 */
function gibibyteStream(head = Buffer.alloc(0), tail = Buffer.alloc(0)) {
  const block = Buffer.alloc(1024 * 1024, 'sharebin ');
  function* chunks() {
    if (head.length) yield head;
    for (let sent = 0; sent < GIB; sent += block.length) yield block;
    if (tail.length) yield tail;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The process's CPU time so far (user + system), in ms. */
function cpuMs(pid: number) {
  // The fields after the command name, which is in parentheses and may hold spaces.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const basicAuth = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
/** Both servers ask for the same Basic credentials, so that both check them on every request. */
const davHeaders = (extra: Record<string, string> = {}) => ({ authorization: basicAuth, ...extra });

/**
 * Runs `count` requests one after another on one keep-alive connection; answers requests/s,
 * the server's CPU ms per request and how many connections were used (1 unless the server
 * closed one).
 */
async function sequential(
  pid: number,
  count: number,
  request: (i: number, agent: http.Agent, sockets: Set<unknown>) => Promise<void>,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<unknown>();
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  for (let i = 0; i < count; i++) await request(i, agent, sockets);
  const seconds = (performance.now() - started) / 1000;
  const cpuPerRequest = (cpuMs(pid) - cpuBefore) / count;
  agent.destroy();
  return { perSecond: count / seconds, cpuPerRequest, connections: sockets.size };
}

/** 1,000 WebDAV PUTs of 4 KiB into `folder`/, then 1,000 GETs of them. */
async function smallFiles(target: Target, folder: string) {
  const body = Buffer.alloc(SMALL_SIZE, 'x');
  const headers = davHeaders({ 'content-length': String(SMALL_SIZE) });
  const puts = await sequential(target.pid, SMALL_FILES, async (i, agent, sockets) => {
    const url = `${target.dav}${folder}/${i}.txt`;
    expectStatus(
      await send(url, 'PUT', agent, { body, headers, sockets }),
      [201, 204],
      'small PUT',
    );
  });
  const gets = await sequential(target.pid, SMALL_FILES, async (i, agent, sockets) => {
    const url = `${target.dav}${folder}/${i}.txt`;
    const answer = await send(url, 'GET', agent, { headers: davHeaders(), sockets });
    expectStatus(answer, [200], 'small GET');
    if (answer.bytes !== SMALL_SIZE) throw new Error(`small GET: ${answer.bytes} bytes`);
  });
  return { puts, gets };
}

/** A multipart/form-data body of one file part, its bytes around the file's. */
function formParts(filename: string) {
  const boundary = `----sharebin-bench-${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { head, tail, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** 1,000 uploads of 4 KiB through `POST /api/admin/fs/upload` into `/bench/<folder>`. */
function apiSmallUploads(sharebin: Target, base: string, token: string, folder: string) {
  const file = Buffer.alloc(SMALL_SIZE, 'x');
  return sequential(sharebin.pid, SMALL_FILES, async (i, agent, sockets) => {
    const { head, tail, contentType } = formParts(`${i}.txt`);
    const body = Buffer.concat([head, file, tail]);
    const url = `${base}/api/admin/fs/upload?path=${encodeURIComponent(`/bench/${folder}`)}`;
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': contentType,
      'content-length': String(body.length),
    };
    expectStatus(await send(url, 'POST', agent, { body, headers, sockets }), [201], 'API upload');
  });
}

/**
 * PROPFIND Depth 1 of `folder`/ from 8 connections at once, each sending `perConnection`
 * one after another; answers PROPFINDs/s and the bytes of one answer (all are checked alike).
 */
async function parallelPropfinds(
  target: Target,
  folder: string,
  entries: number,
  perConnection: number,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL });
  const headers = davHeaders({ depth: '1', 'content-type': 'application/xml' });
  const url = `${target.dav}${folder}/`;
  const first = await send(url, 'PROPFIND', agent, {
    body: PROPFIND_BODY,
    headers,
    keepText: true,
  });
  expectStatus(first, [207], 'PROPFIND');
  // The folder itself and each entry: one <response> each.
  const responses = first.text.match(/<([\w-]+:)?response[\s>]/g)?.length ?? 0;
  if (responses !== entries + 1) throw new Error(`PROPFIND ${target.name}: ${responses} responses`);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      for (let i = 0; i < perConnection; i++) {
        const answer = await send(url, 'PROPFIND', agent, { body: PROPFIND_BODY, headers });
        expectStatus(answer, [207], 'PROPFIND');
        if (answer.bytes !== first.bytes)
          throw new Error(`PROPFIND: ${answer.bytes} bytes, then ${first.bytes}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { perSecond: (PARALLEL * perConnection) / seconds, bytes: first.bytes };
}

/**
 * One 1 GiB transfer: MB/s, the server's CPU ms for it, and its peak resident memory over the
 * figure just before (memory a previous transfer left is not counted twice).
 */
async function bigTransfer(pid: number, run: () => Promise<void>) {
  const idleMb = residentMb(pid);
  const cpuBefore = cpuMs(pid);
  const { result: ms, peakMb } = await withPeakMemory(pid, async () => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  });
  return { mbps: mbps(GIB, ms), cpuMsPerGib: cpuMs(pid) - cpuBefore, overIdleMb: peakMb - idleMb };
}

const bigAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function getGibibyte(url: string, headers: Record<string, string>) {
  const answer = await send(url, 'GET', bigAgent, { headers });
  expectStatus(answer, [200], `GET ${url}`);
  if (answer.bytes !== GIB) throw new Error(`GET ${url}: ${answer.bytes} bytes`);
}

/**
 * PUTs (or POSTs) 1 GiB made as it is sent. The disk is flushed first, so that writeback of the
 * previous gigabyte does not slow this one; the file is deleted after, untimed.
 */
async function sendGibibyte(
  pid: number,
  request: () => Promise<Answer>,
  allowed: number[],
  remove: () => Promise<void>,
) {
  execFileSync('sync');
  const measured = await bigTransfer(pid, async () =>
    expectStatus(await request(), allowed, 'upload of 1 GiB'),
  );
  await remove();
  return measured;
}

async function davDelete(url: string) {
  expectStatus(
    await send(url, 'DELETE', bigAgent, { headers: davHeaders() }),
    [200, 204],
    'DELETE',
  );
}

/** The WebDAV GET and PUT of 1 GiB on `target`. */
async function davGibibyte(target: Target, name: string) {
  const get = await bigTransfer(target.pid, () =>
    getGibibyte(`${target.dav}big.bin`, davHeaders()),
  );
  const url = `${target.dav}${name}`;
  const put = await sendGibibyte(
    target.pid,
    () =>
      send(url, 'PUT', bigAgent, {
        body: gibibyteStream(),
        headers: davHeaders({ 'content-length': String(GIB) }),
      }),
    [201, 204],
    () => davDelete(url),
  );
  return { get, put };
}

/** Sharebin's API download and upload of 1 GiB. */
async function apiGibibyte(sharebin: Target, base: string, token: string, name: string) {
  const bearer = { authorization: `Bearer ${token}` };
  const download = `${base}/api/admin/fs/download?path=${encodeURIComponent('/bench/big.bin')}`;
  const get = await bigTransfer(sharebin.pid, () => getGibibyte(download, bearer));
  const { head, tail, contentType } = formParts(name);
  const upload = `${base}/api/admin/fs/upload?path=${encodeURIComponent('/bench')}`;
  const headers = {
    ...bearer,
    'content-type': contentType,
    'content-length': String(head.length + GIB + tail.length),
  };
  const put = await sendGibibyte(
    sharebin.pid,
    () => send(upload, 'POST', bigAgent, { body: gibibyteStream(head, tail), headers }),
    [201],
    () => davDelete(`${sharebin.dav}${name}`),
  );
  return { get, put };
}

/** Figures of each measure, one per round, by server. */
type Figures = Record<string, number[]>;
const figures: Record<Target['name'], Figures> = { rclone: {}, sharebin: {} };
function record(target: Target['name'], measure: string, value: number) {
  const values = figures[target];
  values[measure] = [...(values[measure] ?? []), value];
}

/** One round of every measure on `target`; `round` names its files apart from other rounds'. */
async function measureRound(target: Target, round: number, api: { base: string; token: string }) {
  const tag = `${target.name}-${round}`;
  if (PARTS.has('small')) await measureSmall(target, tag, round, api);
  if (PARTS.has('propfind')) {
    for (const { entries, perConnection } of FOLDERS) {
      const listed = await parallelPropfinds(target, `many-${entries}`, entries, perConnection);
      record(target.name, `propfind${entries}`, listed.perSecond);
      record(target.name, `propfind${entries}Bytes`, listed.bytes);
    }
  }
  if (PARTS.has('big')) await measureBig(target, tag, round, api);
}

async function warmUp(target: Target, api: { base: string; token: string }) {
  await smallFiles(target, `small-${target.name}-warm-up`);
  if (target.name === 'sharebin')
    await apiSmallUploads(target, api.base, api.token, 'api-small-warm-up');
}

async function measureSmall(
  target: Target,
  tag: string,
  round: number,
  api: { base: string; token: string },
) {
  // The previous part's gibibyte (the other server's, written and deleted) is still being
  // written back: Sharebin's flush of each small file would wait behind it, rclone (no flush)
  // would not. Each server starts its small files on a settled disk.
  execFileSync('sync');
  const small = await smallFiles(target, `small-${tag}`);
  record(target.name, 'smallPut', small.puts.perSecond);
  record(target.name, 'smallGet', small.gets.perSecond);
  record(target.name, 'smallPutCpu', small.puts.cpuPerRequest);
  record(target.name, 'smallPutConnections', small.puts.connections);
  record(target.name, 'smallGetConnections', small.gets.connections);
  if (target.name === 'sharebin') {
    const uploads = await apiSmallUploads(target, api.base, api.token, `api-small-${round}`);
    record('sharebin', 'apiSmallUpload', uploads.perSecond);
    record('sharebin', 'apiSmallUploadCpu', uploads.cpuPerRequest);
    record('sharebin', 'apiSmallUploadConnections', uploads.connections);
  }
}

async function measureBig(
  target: Target,
  tag: string,
  round: number,
  api: { base: string; token: string },
) {
  const dav = await davGibibyte(target, `put-${tag}.bin`);
  recordBig(target.name, 'davGet', dav.get);
  recordBig(target.name, 'davPut', dav.put);
  if (target.name === 'sharebin') {
    const viaApi = await apiGibibyte(target, api.base, api.token, `api-put-${round}.bin`);
    recordBig('sharebin', 'apiGet', viaApi.get);
    recordBig('sharebin', 'apiPut', viaApi.put);
  }
}

function recordBig(
  target: Target['name'],
  measure: string,
  run: Awaited<ReturnType<typeof bigTransfer>>,
) {
  record(target, measure, run.mbps);
  record(target, `${measure}Cpu`, run.cpuMsPerGib);
  record(target, `${measure}Memory`, run.overIdleMb);
}

/**
 * 10 WebDAV GETs of 1 GiB one after another on a process that has served none yet. The file is
 * read once beforehand: the first read of the sparse file fills the page cache, which cost the
 * server 2.5 s more CPU, mostly system time, than the next reads (184–224 MB/s against 500–950;
 * rclone's first read also takes 1.7 s of system time), the kernel's cost, not the server's.
 */
async function consecutiveGets(sharebin: Target, file: string) {
  execFileSync('dd', [`if=${file}`, 'of=/dev/null', 'bs=1M'], { stdio: 'ignore' });
  const speeds: number[] = [];
  for (let i = 0; i < CONSECUTIVE_GETS; i++) {
    const run = await bigTransfer(sharebin.pid, () =>
      getGibibyte(`${sharebin.dav}big.bin`, davHeaders()),
    );
    speeds.push(run.mbps);
  }
  return speeds;
}

/** Fixtures written straight into the storage's folder, as a user's disk would hold them. */
function writeFixtures(folder: string) {
  for (const { entries } of FOLDERS) {
    const dir = path.join(folder, `many-${entries}`);
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < entries; i++)
      writeFileSync(path.join(dir, `entry-${String(i).padStart(5, '0')}.txt`), `${i}\n`);
  }
  // Sparse: the GETs measure the servers, not the disk.
  execFileSync('truncate', ['-s', String(GIB), path.join(folder, 'big.bin')]);
  for (const round of ['warm-up', ...Array.from({ length: ROUNDS }, (_, i) => String(i))]) {
    for (const name of ['rclone', 'sharebin'])
      mkdirSync(path.join(folder, `small-${name}-${round}`));
    mkdirSync(path.join(folder, `api-small-${round}`));
  }
}

/** Sharebin on a fresh data dir with a local storage mounted at /bench, uncached. */
async function startSharebin(dataDir: string, children: ChildProcess[]) {
  // TRANSFERS_BENCH_SERVER: another build's main.js (a `git archive` of an earlier commit, built)
  // for a before/after comparison; else this checkout's, built first if out of date.
  const entry = process.env.TRANSFERS_BENCH_SERVER;
  if (!entry) await ensureBuilt([TARGETS.server]);
  const profileDir = process.env.TRANSFERS_CPU_PROF;
  const server = startServer({
    port: SHAREBIN_PORT,
    dataDir,
    ...(entry ? { entry } : {}),
    ...(profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {}),
  });
  children.push(server);
  await waitForHealth(SHAREBIN_PORT);
  const api = adminApi(SHAREBIN_PORT);
  const token = await adminToken(api);
  const local = await mountedLocalDisk(api, token, dataDir, {
    name: 'bench',
    mountPath: '/bench',
    cacheTtl: 0,
  });
  return { pid: server.pid as number, token, folder: local.folder };
}

async function startRclone(folder: string, children: ChildProcess[]) {
  const args = [
    'serve',
    'webdav',
    folder,
    '--addr',
    `127.0.0.1:${RCLONE_PORT}`,
    '--user',
    USER,
    '--pass',
    PASSWORD,
    // Its start-up notices would go into the table's output.
    '--log-level',
    'ERROR',
  ];
  const rclone = spawn('rclone', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(rclone);
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${RCLONE_PORT}/`).then(
      () => true,
      () => false,
    );
    if (up) return rclone.pid as number;
    if (i > 100) throw new Error('rclone serve webdav did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The median and, from several figures, their spread (min–max). */
function spreadOf(values: number[], digits: number) {
  const format = (value: number) =>
    value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (values.length === 0) return '—';
  const middle = format(median(values) as number);
  if (values.length === 1) return middle;
  return `${middle} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

interface Row {
  label: string;
  ours: number[];
  /** rclone's figures, shown in its column and divided into ours for the ratio. */
  theirs?: number[];
  /** When the ratio is to another figure of ours instead (shown in the label). */
  ratioTo?: number[];
  /** No ratio: memory over idle is often 0 on one side, and its target is absolute. */
  noRatio?: boolean;
  digits?: number;
  target?: string;
  /** Whether the target is met, from the ratio of medians and our figures. */
  met?: (ratio: number, ours: number[]) => boolean;
}

const atLeast = (x: number) => (ratio: number) => ratio >= x;
const atMost = (x: number) => (ratio: number) => ratio <= x;
/** Memory is judged on the worst round. */
const memoryUnder = (mb: number) => (_ratio: number, ours: number[]) => Math.max(...ours) < mb;

function printTable(rows: Row[]) {
  console.log(
    '| measure | Sharebin median (spread) | rclone median (spread) | ratio | target | met? |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const { label, ours, theirs, ratioTo, noRatio, digits = 0, target = '', met } of rows) {
    const base = noRatio ? undefined : (ratioTo ?? theirs);
    const ratio = base?.length ? (median(ours) as number) / (median(base) as number) : Number.NaN;
    const shownRatio = Number.isNaN(ratio) ? '—' : `${ratio.toFixed(2)}×`;
    const verdict = met ? (met(ratio, ours) ? 'yes' : '**no**') : '';
    const rclone = theirs?.length ? spreadOf(theirs, digits) : '—';
    console.log(
      `| ${label} | ${spreadOf(ours, digits)} | ${rclone} | ${shownRatio} | ${target} | ${verdict} |`,
    );
  }
}

/** The rows of the table, from the rounds' figures and the consecutive GETs' speeds. */
function tableRows(speeds: number[]): Row[] {
  const ours = (measure: string) => figures.sharebin[measure] ?? [];
  const theirs = (measure: string) => figures.rclone[measure] ?? [];
  const same = (measure: string) => ({ ours: ours(measure), theirs: theirs(measure) });
  const faster = { target: '≥ 1.0×', met: atLeast(1) };
  const small = SMALL_FILES.toLocaleString('en');
  const rows: Row[] = [
    {
      label: `${small} WebDAV PUTs of 4 KiB, one connection (req/s)`,
      ...same('smallPut'),
      ...faster,
    },
    {
      label: `${small} WebDAV GETs of 4 KiB, one connection (req/s)`,
      ...same('smallGet'),
      ...faster,
    },
    { label: 'WebDAV GET 1 GiB (MB/s)', ...same('davGet'), ...faster },
    { label: 'WebDAV PUT 1 GiB (MB/s)', ...same('davPut'), ...faster },
    {
      label: 'API `GET …/fs/download` 1 GiB vs rclone WebDAV GET (MB/s)',
      ours: ours('apiGet'),
      theirs: theirs('davGet'),
      ...faster,
    },
    {
      label: 'API `POST …/fs/upload` 1 GiB vs rclone WebDAV PUT (MB/s)',
      ours: ours('apiPut'),
      theirs: theirs('davPut'),
      ...faster,
    },
    {
      label: `WebDAV GET 1 GiB, first of ${CONSECUTIVE_GETS} in a fresh process (MB/s)`,
      ours: speeds.slice(0, 1),
    },
    {
      label: `WebDAV GET 1 GiB, tenth of ${CONSECUTIVE_GETS} (MB/s; ratio to the first)`,
      ours: speeds.slice(-1),
      ratioTo: speeds.slice(0, 1),
      target: '≥ 0.9× (within 10%)',
      met: atLeast(0.9),
    },
  ];
  for (const { entries } of FOLDERS) {
    const n = entries.toLocaleString('en');
    rows.push(
      {
        label: `PROPFIND Depth 1, ${n} entries, uncached, ${PARALLEL} connections (PROPFINDs/s)`,
        ...same(`propfind${entries}`),
        digits: 1,
        ...faster,
      },
      {
        label: `PROPFIND Depth 1, ${n} entries: answer bytes`,
        ...same(`propfind${entries}Bytes`),
        target: '≤ 1.0×',
        met: atMost(1),
      },
    );
  }
  rows.push(
    {
      label: `${small} API uploads of 4 KiB, one connection (req/s; ratio to our WebDAV small PUTs)`,
      ours: ours('apiSmallUpload'),
      ratioTo: ours('smallPut'),
      target: '≥ 0.8×',
      met: atLeast(0.8),
    },
    { label: 'server CPU per small WebDAV PUT (ms)', ...same('smallPutCpu'), digits: 2 },
    { label: 'server CPU per small API upload (ms)', ours: ours('apiSmallUploadCpu'), digits: 2 },
  );
  // The API transfers are set against rclone's WebDAV ones: rclone has no other way in.
  for (const [measure, rclone, label] of [
    ['davGet', 'davGet', 'WebDAV GET'],
    ['davPut', 'davPut', 'WebDAV PUT'],
    ['apiGet', 'davGet', 'API download'],
    ['apiPut', 'davPut', 'API upload'],
  ] as const) {
    rows.push(
      {
        label: `server CPU per GiB, ${label} (ms)`,
        ours: ours(`${measure}Cpu`),
        theirs: theirs(`${rclone}Cpu`),
      },
      {
        label: `peak memory over idle, ${label} 1 GiB (MB)`,
        ours: ours(`${measure}Memory`),
        theirs: theirs(`${rclone}Memory`),
        digits: 1,
        noRatio: true,
        target: '< 64 MB (worst round)',
        met: memoryUnder(64),
      },
    );
  }
  return rows;
}

const dataDir = freshDataDir();
const children: ChildProcess[] = [];
const startedAt = Date.now();
try {
  const load = loadavg();
  console.log(`load average at start: ${load.map((x) => x.toFixed(2)).join(' ')}`);
  const sharebin = await startSharebin(dataDir, children);
  writeFixtures(sharebin.folder);
  const rclonePid = await startRclone(sharebin.folder, children);
  const targets: Target[] = [
    { name: 'rclone', dav: `http://127.0.0.1:${RCLONE_PORT}/`, pid: rclonePid },
    { name: 'sharebin', dav: `http://127.0.0.1:${SHAREBIN_PORT}/dav/bench/`, pid: sharebin.pid },
  ];
  const ours = targets[1] as Target;
  const api = { base: `http://127.0.0.1:${SHAREBIN_PORT}`, token: sharebin.token };
  const residentAtStart = targets.map((target) => residentMb(target.pid));
  // Both servers serve a round of small files untimed first: the figures are of servers that
  // have run a while (V8 compiles Sharebin's hot paths in its first few hundred requests;
  // the first timed round was 35-40% slower than the next two without this).
  if (PARTS.has('small')) for (const target of targets) await warmUp(target, api);

  // First, while the process has served no big file: does the tenth GET slow down?
  const speeds = PARTS.has('big')
    ? await consecutiveGets(ours, path.join(sharebin.folder, 'big.bin'))
    : [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const target of targets) await measureRound(target, round, api);
    console.log(
      `round ${round + 1} of ${ROUNDS} done (${((Date.now() - startedAt) / 1000).toFixed(0)} s)`,
    );
  }

  console.log('');
  printTable(tableRows(speeds));
  console.log(
    `\n${CONSECUTIVE_GETS} consecutive WebDAV GETs of 1 GiB on one Sharebin process (MB/s): ${speeds.map((speed) => speed.toFixed(0)).join(', ')}`,
  );
  const connections = ['smallPutConnections', 'smallGetConnections', 'apiSmallUploadConnections']
    .map(
      (measure) =>
        `${measure} sharebin ${figures.sharebin[measure]?.join('/')}, rclone ${figures.rclone[measure]?.join('/') ?? '—'}`,
    )
    .join('; ');
  const resident = targets.map(
    (target, i) =>
      `${target.name} ${(residentAtStart[i] as number).toFixed(0)} → ${residentMb(target.pid).toFixed(0)} MB`,
  );
  console.log(`resident memory, start → end of the run: ${resident.join(', ')}`);
  console.log(`connections used by the one-connection runs (1 = kept alive): ${connections}`);
  console.log(
    `load average at end: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} (at start ${load.map((x) => x.toFixed(2)).join(' ')})`,
  );
  console.log(`run time: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
} finally {
  bigAgent.destroy();
  for (const child of children) await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
