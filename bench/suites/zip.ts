// Zip download benchmark (issue 10, "Download as zip"), each figure against a baseline of the
// same run:
//   POST /api/admin/fs/zip of 10 GiB of sparse data (10 files of 1 GiB)  vs reading the same
//     10 files straight from the storage folder
//   POST /api/admin/fs/zip of 100,000 small files (100 folders × 1,000)   vs reading the same
//     100,000 files straight from the storage folder, one after another
// with the server's peak resident memory over its idle figure (target < 64 MB) and the time to
// the archive's first byte (target < 1 s). The sparse files take no disk; the archive is read
// and counted, not stored. The small files go through a link as well: POST …/fs/zip/link, its
// zip job planning the archive (plan time, peak memory), then GET …/fs/zip?token= from the
// stored plan (time to first byte once planned, throughput, peak memory). Each measured zip (the
// sparse POST, the small files' link, their POST) runs on a fresh server process, its idle
// figure taken once the process has settled.
// Run: `node --import tsx bench/suites/zip.ts` (10 to 15 minutes on a busy machine;
// ZIP_BENCH=sparse or ZIP_BENCH=small runs one half; ZIP_BENCH_FOLDERS=10 makes 10,000 small
// files; ZIP_BENCH_LINK=0 leaves the link out). Node options for the server go in
// ZIP_BENCH_NODE_ARGS, e.g. `--max-old-space-size=64 --import ./bench/probes/memory-probe.mjs`
// with BENCH_MEMORY_FILE=/tmp/memory.log to see the heap apart.

import { execFileSync } from 'node:child_process';
import { createReadStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  adminApi,
  adminToken,
  mbps,
  startSourceServer,
  withPeakMemory,
} from '../helpers/admin-api';
import { freshDataDir, residentMb, settledResidentMb, stop } from '../helpers/lib.mjs';

const PORT = Number(process.env.ZIP_BENCH_PORT ?? 39_431);
const GIB = 1024 ** 3;
const SPARSE_FILES = 10;
/** ZIP_BENCH_FOLDERS=10 gives 10,000 small files: the same run at a tenth of the entries. */
const SMALL_FOLDERS = Number(process.env.ZIP_BENCH_FOLDERS ?? 100);
const SMALL_PER_FOLDER = 1_000;
const base = `http://127.0.0.1:${PORT}`;

/** The end-of-central-directory record's signature, which the last 22 bytes of a zip start with. */
const END_SIGNATURE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/**
 * Downloads an archive, counting bytes; answers the time to first byte and in all. `expected` is
 * the Content-Length, or, for an archive streamed without one (a direct POST past its budget),
 * the bytes received when they end with the end-of-central-directory record (else -1).
 */
function zipDownload(url: string, options: http.RequestOptions, body?: string) {
  return new Promise<{
    bytes: number;
    expected: number;
    chunked: boolean;
    firstByteMs: number;
    totalMs: number;
  }>((resolve, reject) => {
    const started = performance.now();
    let firstByteMs = -1;
    const request = http.request(url, options, (response) => {
      if (response.statusCode !== 200) reject(new Error(`zip: ${response.statusCode}`));
      let bytes = 0;
      let tail = Buffer.alloc(0);
      response.on('data', (chunk: Buffer) => {
        if (firstByteMs < 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        tail = Buffer.concat([tail, chunk.subarray(-22)]).subarray(-22);
      });
      response.on('end', () => {
        const length = response.headers['content-length'];
        const ended = tail.subarray(0, 4).equals(END_SIGNATURE);
        resolve({
          bytes,
          expected: length !== undefined ? Number(length) : ended ? bytes : -1,
          chunked: length === undefined,
          firstByteMs,
          totalMs: performance.now() - started,
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** `POST …/fs/zip` of `paths`: the archive planned in the request. */
function directZip(token: string, paths: string[]) {
  const body = JSON.stringify({ paths });
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  };
  return zipDownload(`${base}/api/admin/fs/zip`, { method: 'POST', headers }, body);
}

/** A link to the archive of `paths`, once its zip job has planned it; answers the plan's time. */
async function plannedLink(token: string, paths: string[]) {
  const started = performance.now();
  const link = await api<{ url: string; job_id: string }>('POST', '/api/admin/fs/zip/link', token, {
    paths,
  });
  for (;;) {
    const job = await api<{ status: string }>('GET', `/api/admin/fs/jobs/${link.job_id}`, token);
    if (job.status === 'completed') return { url: link.url, planMs: performance.now() - started };
    if (job.status !== 'pending' && job.status !== 'running') throw new Error(job.status);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Reads every file to the end, one after another, in the 256 KiB pieces the local driver reads;
 * answers bytes and milliseconds.
 */
async function readDirectly(files: readonly string[]) {
  const started = performance.now();
  let bytes = 0;
  for (const file of files) {
    const stream = createReadStream(file, { highWaterMark: 256 * 1024 });
    for await (const chunk of stream) bytes += (chunk as Buffer).length;
  }
  return { bytes, totalMs: performance.now() - started };
}

/** A link's archive: planned by its job, then downloaded, each with the server's peak memory. */
async function linkZip(pid: number, token: string, paths: string[]) {
  const planned = await withPeakMemory(pid, () => plannedLink(token, paths));
  const linked = await withPeakMemory(pid, () =>
    zipDownload(planned.result.url, { headers: { connection: 'close' } }),
  );
  return { planned, linked };
}

const dataDir = freshDataDir();
const startServer = () =>
  startSourceServer(PORT, dataDir, process.env.ZIP_BENCH_NODE_ARGS?.split(' ').filter(Boolean));
let server = await startServer();
const api = adminApi(PORT);
try {
  const token = await adminToken(api);
  const disk = { name: 'zip bench disk', storage_type: 'local' };
  const local = await api<{ id: string }>('POST', '/api/s3-configs', token, disk);
  const folder = path.join(dataDir, 'storage', local.id);
  const sparse = Array.from({ length: SPARSE_FILES }, (_, i) =>
    path.join(folder, 'sparse', `part-${i}.bin`),
  );
  mkdirSync(path.join(folder, 'sparse'), { recursive: true });
  for (const file of sparse) execFileSync('truncate', ['-s', String(GIB), file]);
  const small: string[] = [];
  for (let f = 0; f < SMALL_FOLDERS; f++) {
    const dir = path.join(folder, 'small', `folder-${String(f).padStart(3, '0')}`);
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < SMALL_PER_FOLDER; i++) {
      const file = path.join(dir, `file-${String(i).padStart(4, '0')}.txt`);
      writeFileSync(file, `file ${f}/${i} `.repeat(8));
      small.push(file);
    }
  }
  await api('POST', '/api/admin/mounts', token, {
    name: 'bench',
    storage_type: 'local',
    storage_config_id: local.id,
    mount_path: '/bench',
  });

  /**
   * A server process of its own for each measured zip, on the same data (its session is in the
   * database), and its idle figure: a zip of 100,000 entries leaves V8's heap high until a full
   * collection, and after 10 GiB the C allocator keeps 40-60 MB (RESULTS.md, 2026-12-01), which
   * would count in the next zip's peak against an idle taken before.
   */
  const idleServer = async (restart: boolean) => {
    if (restart) {
      await stop(server);
      server = await startServer();
    }
    const idleMb = await settledResidentMb(server.pid as number);
    console.log(`\nserver idle: ${idleMb.toFixed(1)} MB resident, once settled after its start`);
    return { pid: server.pid as number, idleMb };
  };
  /**
   * Reads the files directly on an idle server: V8's memory reducer can run after the size
   * looked settled (186 MB then, 115 MB during the direct read that followed, 2026-11-29), so
   * the lower figure is the idle one.
   */
  const readWhileIdle = async (idle: { pid: number; idleMb: number }, files: string[]) => {
    const read = await readDirectly(files);
    const afterRead = residentMb(idle.pid);
    if (afterRead < idle.idleMb) {
      idle.idleMb = afterRead;
      console.log(`server idle: ${afterRead.toFixed(1)} MB resident, after the direct read`);
    }
    return read;
  };

  const runs = [
    ['sparse', '10 GiB of sparse data (10 files)', sparse, ['/bench/sparse']],
    ['small', `${small.length.toLocaleString('en')} small files`, small, ['/bench/small']],
  ] as const;
  // The server of the set-up serves the first half; every later zip gets a new one.
  let firstHalf = true;
  // ZIP_BENCH=sparse or small runs one of the two.
  for (const [name, label, files, paths] of runs.filter(
    ([name]) => !process.env.ZIP_BENCH || process.env.ZIP_BENCH === name,
  )) {
    // The machine's speed drifts: there are two direct reads, and their mean counts.
    const idle = await idleServer(!firstHalf);
    firstHalf = false;
    const before = await readWhileIdle(idle, files);
    // The small files also go through a link (ZIP_BENCH_LINK=0 leaves it out): its plan and
    // download on this server, the direct POST on the next one.
    const withLink = name === 'small' && process.env.ZIP_BENCH_LINK !== '0';
    const linkRun = withLink ? { ...(await linkZip(idle.pid, token, [...paths])), ...idle } : null;
    const postIdle = withLink ? await idleServer(true) : idle;
    const between = withLink ? await readWhileIdle(postIdle, files) : null;
    const zipped = await withPeakMemory(postIdle.pid, () => directZip(token, [...paths]));
    const after = between ?? (await readDirectly(files));
    const directMs = (before.totalMs + after.totalMs) / 2;
    const perSecond = (ms: number) => `${(files.length / (ms / 1000)).toFixed(0)} files/s`;
    const report = (
      how: string,
      run: { result: Awaited<ReturnType<typeof zipDownload>>; peakMb: number },
      idleMb: number,
    ) => {
      const { bytes, expected, chunked, firstByteMs, totalMs } = run.result;
      if (bytes !== expected) throw new Error(`archive: ${bytes} of ${expected} bytes`);
      console.log(
        `\n### Zip of ${label}, ${how}${chunked ? ', streamed without Content-Length' : ''}`,
      );
      console.log(
        `zip download       ${bytes} bytes in ${totalMs.toFixed(0)} ms = ${mbps(bytes, totalMs).toFixed(1)} MB/s, ${perSecond(totalMs)}`,
      );
      console.log(`ratio zip / direct ${(directMs / totalMs).toFixed(2)} (by time, same files)`);
      console.log(`time to first byte ${firstByteMs.toFixed(0)} ms (target < 1000)`);
      console.log(
        `peak memory        ${run.peakMb.toFixed(1)} MB, ${(run.peakMb - idleMb).toFixed(1)} MB over an idle of ${idleMb.toFixed(1)} MB (target < 64)`,
      );
    };
    console.log(
      `\ndirect read        ${before.bytes} bytes in ${before.totalMs.toFixed(0)} ms, ${after.totalMs.toFixed(0)} ms = ${mbps(before.bytes, directMs).toFixed(1)} MB/s, ${perSecond(directMs)}`,
    );
    report('POST …/fs/zip (planned in the request)', zipped, postIdle.idleMb);
    if (!linkRun) continue;
    const { planned, linked, idleMb } = linkRun;
    console.log(`\n### Zip of ${label}, link planned by a zip job`);
    console.log(`plan (job)         ${planned.result.planMs.toFixed(0)} ms`);
    console.log(
      `plan peak memory   ${planned.peakMb.toFixed(1)} MB, ${(planned.peakMb - idleMb).toFixed(1)} MB over an idle of ${idleMb.toFixed(1)} MB`,
    );
    report('GET …/fs/zip?token= from the stored plan', linked, idleMb);
  }
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
