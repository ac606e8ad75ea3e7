// File-system listing benchmark (issue 9 items 4-5), each figure against a baseline of the same run:
//   a cached GET /api/admin/fs/list of a 1,000-entry folder   vs the bare 2 KB route of the same
//                                                                server (wrk, req/s; target ≥ 0.6)
//   an uncached listing of the same folder on S3 (s3rver)      vs a direct delimited ListObjectsV2
//                                                                of it (median latency; target ≤ 1.2×)
// Run: `node --import tsx bench/suites/fs-list.ts` (needs wrk).

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startS3rver } from '../../apps/server/src/test/s3rver';
import { adminApi, adminToken, localStorageFolder } from '../helpers/admin-api';
import { freshDataDir, median, root, wrk } from '../helpers/lib.mjs';

const PORT = 39_417;
const ENTRIES = 1_000;
const ROUNDS = 3;
const WRK_SECONDS = 5;
const base = `http://127.0.0.1:${PORT}`;

/** User + system CPU of a process in microseconds (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) / 100) * 1e6;
}

function startBenchServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      // Extra flags for the server, e.g. `FS_LIST_NODE_ARGS=--cpu-prof` to profile it.
      ...(process.env.FS_LIST_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(root, 'bench/helpers/bench-server.ts'),
      dataDir,
      String(PORT),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** Median milliseconds of `run` over `calls` sequential calls, after a warm-up. */
async function medianMs(calls: number, run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

const names = Array.from({ length: ENTRIES }, (_, i) => `file-${String(i).padStart(4, '0')}.txt`);
const dataDir = freshDataDir();
const server = await startBenchServer(dataDir);
const api = adminApi(PORT);
const s3 = await startS3rver();
try {
  const token = await adminToken(api);

  // A local storage whose folder gets 1,000 files, mounted with a one-hour directory cache.
  const local = await localStorageFolder(api, token, dataDir, 'bench disk');
  const folder = local.folder;
  for (const name of names) writeFileSync(path.join(folder, name), 'x'.repeat(100));
  await api('POST', '/api/admin/mounts', token, {
    name: 'big',
    storage_type: 'local',
    storage_config_id: local.id,
    mount_path: '/big',
    cache_ttl: 3600,
  });
  const listed = await api<{ items: unknown[] }>('GET', '/api/admin/fs/list?path=%2Fbig', token);
  if (listed.items.length !== ENTRIES) throw new Error(`listed ${listed.items.length} entries`);

  // Both routes get what a browser sends (curl --compressed and rclone ask for gzip too): the
  // listing answers its stored Brotli form; the bare route answers its 2 KB as they are.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const headers = { authorization: `Bearer ${token}` };
  const probe = await fetch(`${base}/api/admin/fs/list?path=%2Fbig`, {
    headers: { ...headers, ...browser, connection: 'close' },
  });
  const wireBytes = Buffer.from(await probe.arrayBuffer()).length;
  console.log(
    `listing answer: ${probe.headers.get('content-encoding') ?? 'identity'}, ${probe.headers.get('content-length')} bytes on the wire (${wireBytes} decoded)`,
  );
  const cached: number[] = [];
  const bare: number[] = [];
  // Server CPU per request barely moves when other processes share the cores (req/s does).
  const cachedCpu: number[] = [];
  const bareCpu: number[] = [];
  const cpuPerRequest = (run: () => { rps: number }) => {
    const before = cpuMicros(server.pid as number);
    const { rps } = run();
    return { rps, micros: (cpuMicros(server.pid as number) - before) / (rps * WRK_SECONDS) };
  };
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = cpuPerRequest(() => wrk(`${base}/bench/bare`, { headers: browser }));
    bare.push(baseline.rps);
    bareCpu.push(baseline.micros);
    const listing = cpuPerRequest(() => {
      const run = wrk(`${base}/api/admin/fs/list?path=%2Fbig`, {
        headers: { ...headers, ...browser },
      });
      if (run.non2xx > 0) throw new Error(`${run.non2xx} listings failed`);
      return run;
    });
    cached.push(listing.rps);
    cachedCpu.push(listing.micros);
  }
  const ratio = median(cached) / median(bare);
  console.log('\n### Cached listing of 1,000 entries vs the bare 2 KB route (wrk -t2 -c64, 5 s)');
  console.log(
    `bare 2 KB route        ${median(bare).toFixed(0)} req/s  (rounds ${bare.map((v) => v.toFixed(0)).join(', ')})`,
  );
  console.log(
    `cached fs/list         ${median(cached).toFixed(0)} req/s  (rounds ${cached.map((v) => v.toFixed(0)).join(', ')})`,
  );
  const cpu = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(
    `server CPU per request: bare ${median(bareCpu).toFixed(0)} µs, cached fs/list ${median(cachedCpu).toFixed(0)} µs (rounds ${cpu(bareCpu)} vs ${cpu(cachedCpu)}); CPU ratio ${(median(bareCpu) / median(cachedCpu)).toFixed(2)}`,
  );
  console.log(
    `ratio ${ratio.toFixed(2)} (target ≥ 0.6); load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );

  // The same 1,000 names in a folder of s3rver's bucket, mounted with no cache.
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const s3Config = await api<{ id: string }>('POST', '/api/s3-configs', token, {
    ...s3.storageFields,
    name: 'bench s3',
    default_folder: 'bench',
  });
  for (let i = 0; i < names.length; i += 50) {
    await Promise.all(
      names.slice(i, i + 50).map((name) =>
        client.send(
          new PutObjectCommand({
            Bucket: s3.bucket,
            Key: `bench/big/${name}`,
            Body: 'x'.repeat(100),
          }),
        ),
      ),
    );
  }
  await api('POST', '/api/admin/mounts', token, {
    name: 's3 big',
    storage_type: 's3',
    storage_config_id: s3Config.id,
    mount_path: '/s3',
    cache_ttl: 0,
  });
  const listS3 = async () => {
    const response = await fetch(`${base}/api/admin/fs/list?path=%2Fs3%2Fbig`, { headers });
    const body = (await response.json()) as { data: { items: unknown[] } };
    if (body.data.items.length !== ENTRIES) throw new Error('incomplete S3 listing');
  };
  const listDirect = async () => {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'bench/big/', Delimiter: '/' }),
    );
    if (page.Contents?.length !== ENTRIES) throw new Error('incomplete direct listing');
  };
  const throughServer: number[] = [];
  const direct: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    direct.push(await medianMs(30, listDirect));
    throughServer.push(await medianMs(30, listS3));
  }
  console.log('\n### Uncached listing of 1,000 objects on s3rver vs a direct ListObjectsV2');
  console.log(
    `direct ListObjectsV2   ${median(direct).toFixed(1)} ms  (rounds ${direct.map((v) => v.toFixed(1)).join(', ')})`,
  );
  console.log(
    `fs/list, cache_ttl 0   ${median(throughServer).toFixed(1)} ms  (rounds ${throughServer.map((v) => v.toFixed(1)).join(', ')})`,
  );
  console.log(`ratio ${(median(throughServer) / median(direct)).toFixed(2)}× (target ≤ 1.2×)`);
  client.destroy();
} finally {
  server.kill('SIGTERM');
  await s3.stop();
}
