// WebDAV benchmark (issue 11, "Done means"): Sharebin's /dav against `rclone serve webdav` over
// the same local folder, in the same run, each figure as a ratio to rclone's:
//   PROPFIND Depth 1 of a 10,000-entry folder (time, median of 5)
//   GET of a 1 GiB file (throughput; server peak memory over idle, target < 64 MB)
//   PUT of a 1 GiB file, streamed from the client (throughput; peak memory over idle)
//   1,000 small PUTs of 1 KiB, 8 at a time (requests per second)
// Run: `node --import tsx bench/webdav.ts` (needs `rclone`; 2 to 5 minutes).

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { adminApi, adminToken, startSourceServer, withPeakMemory } from './admin-api';
import { freshDataDir, median, residentMb, stop } from './lib.mjs';

const SHAREBIN_PORT = 39_451;
const RCLONE_PORT = 39_452;
const GIB = 1024 ** 3;
const FOLDER_ENTRIES = 10_000;
const SMALL_PUTS = 1_000;
const PARALLEL = 8;

interface Target {
  name: string;
  /** The WebDAV address of the shared folder, ending with `/`. */
  url: string;
  headers: Record<string, string>;
  pid: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL });

/** One request; the body (a string or a stream) is sent, the answer read and counted. */
function send(
  target: Target,
  method: string,
  name: string,
  { body, headers = {} }: { body?: string | Readable; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const request = http.request(
      `${target.url}${name}`,
      { method, agent, headers: { ...target.headers, ...headers } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    if (body instanceof Readable) body.pipe(request);
    else request.end(body);
  });
}

function expectStatus(answer: { status: number }, allowed: number[], what: string) {
  if (!allowed.includes(answer.status)) throw new Error(`${what}: HTTP ${answer.status}`);
}

/** 1 GiB of bytes made as they are sent (a 1 MiB block repeated), never held whole. */
function gibibyteStream() {
  const block = Buffer.alloc(1024 * 1024, 'sharebin ');
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= GIB) return this.push(null);
      sent += block.length;
      this.push(block);
    },
  });
}

async function measure(target: Target) {
  const propfindMs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const answer = await send(target, 'PROPFIND', 'many/', { headers: { Depth: '1' } });
    expectStatus(answer, [207], 'PROPFIND');
    propfindMs.push(performance.now() - started);
  }
  const idleMb = residentMb(target.pid);
  const get = await withPeakMemory(target.pid, async () => {
    const started = performance.now();
    const answer = await send(target, 'GET', 'big.bin');
    expectStatus(answer, [200], 'GET');
    if (answer.bytes !== GIB) throw new Error(`GET: ${answer.bytes} bytes`);
    return performance.now() - started;
  });
  const put = await withPeakMemory(target.pid, async () => {
    const started = performance.now();
    const answer = await send(target, 'PUT', `upload-${target.name}.bin`, {
      body: gibibyteStream(),
      headers: { 'Content-Length': String(GIB) },
    });
    expectStatus(answer, [201, 204], 'PUT');
    return performance.now() - started;
  });
  const smallStarted = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < SMALL_PUTS) {
        const i = next++;
        const answer = await send(target, 'PUT', `small-${target.name}/${i}.txt`, {
          body: 'x'.repeat(1024),
          headers: { 'Content-Length': '1024' },
        });
        expectStatus(answer, [201, 204], 'small PUT');
      }
    }),
  );
  const smallSeconds = (performance.now() - smallStarted) / 1000;
  return {
    propfindMs: median(propfindMs) as number,
    getMbps: 1024 / (get.result / 1000),
    getOverIdleMb: get.peakMb - idleMb,
    putMbps: 1024 / (put.result / 1000),
    putOverIdleMb: put.peakMb - idleMb,
    smallPerSecond: SMALL_PUTS / smallSeconds,
    idleMb,
  };
}

const dataDir = freshDataDir();
const children: ChildProcess[] = [];
try {
  const sharebin = await startSourceServer(SHAREBIN_PORT, dataDir);
  children.push(sharebin);
  const api = adminApi(SHAREBIN_PORT);
  const token = await adminToken(api);
  const local = await api<{ id: string }>('POST', '/api/s3-configs', token, {
    name: 'webdav bench disk',
    storage_type: 'local',
  });
  // WebDAV PUTs keep to the upload limit (default 100 MB): room for the 1 GiB file.
  await api('PUT', '/api/admin/system-settings', token, {
    max_upload_size: 2,
    max_upload_size_unit: 'GB',
  });
  const folder = path.join(dataDir, 'storage', local.id);
  mkdirSync(path.join(folder, 'many'), { recursive: true });
  for (let i = 0; i < FOLDER_ENTRIES; i++) {
    writeFileSync(path.join(folder, 'many', `entry-${String(i).padStart(5, '0')}.txt`), `${i}\n`);
  }
  execFileSync('truncate', ['-s', String(GIB), path.join(folder, 'big.bin')]);
  mkdirSync(path.join(folder, 'small-sharebin'));
  mkdirSync(path.join(folder, 'small-rclone'));
  await api('POST', '/api/admin/mounts', token, {
    name: 'bench',
    storage_type: 'local',
    storage_config_id: local.id,
    mount_path: '/bench',
    cache_ttl: 0,
  });

  const rclone = spawn(
    'rclone',
    ['serve', 'webdav', folder, '--addr', `127.0.0.1:${RCLONE_PORT}`],
    {
      stdio: 'ignore',
    },
  );
  children.push(rclone);
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${RCLONE_PORT}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  await new Promise((resolve) => setTimeout(resolve, 2000));
  const basic = Buffer.from('admin:bench-password').toString('base64');
  const targets: Target[] = [
    {
      name: 'rclone',
      url: `http://127.0.0.1:${RCLONE_PORT}/`,
      headers: {},
      pid: rclone.pid as number,
    },
    {
      name: 'sharebin',
      url: `http://127.0.0.1:${SHAREBIN_PORT}/dav/bench/`,
      headers: { Authorization: `Basic ${basic}` },
      pid: sharebin.pid as number,
    },
  ];
  const [baseline, ours] = [
    await measure(targets[0] as Target),
    await measure(targets[1] as Target),
  ];
  const row = (label: string, a: number, b: number, unit: string, better: 'higher' | 'lower') =>
    console.log(
      `| ${label} | ${b.toFixed(1)} ${unit} | ${a.toFixed(1)} ${unit} | ${(better === 'higher' ? b / a : a / b).toFixed(2)} |`,
    );
  console.log(
    `\nidle resident memory: sharebin ${ours.idleMb.toFixed(0)} MB, rclone ${baseline.idleMb.toFixed(0)} MB`,
  );
  console.log('| measure | Sharebin | rclone serve webdav | ratio (1 = as fast; above 1 faster) |');
  console.log('|---|---|---|---|');
  row(
    `PROPFIND Depth 1, ${FOLDER_ENTRIES.toLocaleString('en')} entries (median of 5)`,
    baseline.propfindMs,
    ours.propfindMs,
    'ms',
    'lower',
  );
  row('GET 1 GiB', baseline.getMbps, ours.getMbps, 'MB/s', 'higher');
  row('PUT 1 GiB', baseline.putMbps, ours.putMbps, 'MB/s', 'higher');
  row(
    `${SMALL_PUTS.toLocaleString('en')} PUTs of 1 KiB, ${PARALLEL} at a time`,
    baseline.smallPerSecond,
    ours.smallPerSecond,
    'req/s',
    'higher',
  );
  console.log(
    `\npeak memory over idle: GET sharebin ${ours.getOverIdleMb.toFixed(1)} MB (rclone ${baseline.getOverIdleMb.toFixed(1)}), PUT sharebin ${ours.putOverIdleMb.toFixed(1)} MB (rclone ${baseline.putOverIdleMb.toFixed(1)}); target < 64 MB`,
  );
} finally {
  for (const child of children) await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
