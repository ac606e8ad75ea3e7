// Cross-storage copy benchmark (issue 10, "copy between storages"): a 1 GiB file copied by the
// copy job (POST /api/admin/fs/batch-copy, followed on GET /api/admin/fs/jobs/{id}) from an
// s3rver mount to a local mount, and back. Each direction against a baseline of the same run:
// the slower of a direct read of the bytes from the source (s3rver GET, disk read) and a direct
// write of them into the target (s3rver PUT through the SDK, disk write); target ratio ≥ 0.8.
// With the server's peak resident memory over its idle figure during each copy (target < 64 MB).
// Run: `node --import tsx bench/suites/copy.ts` (a few minutes; needs 4 GiB of free disk);
// COPY_BENCH_PROFILE=<folder> writes the server's CPU profile there; COPY_BENCH_ROUNDS (3) rounds,
// medians of the per-round ratios, copies before their baselines in every other round.
// s3rver is pinned to a core of its own and the server and this process to the others (as in
// bench/suites/uploads.ts; BENCH_PIN=0 turns it off): a real S3 endpoint runs on other machines,
// and s3rver hashes and writes every byte, so unpinned, whatever the server spends on a byte is
// taken from the storage's share. Baselines and copies run pinned alike.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { WriteBehind } from '../../apps/server/src/modules/storage/drivers/local/write-behind';
import { startS3rver } from '../../apps/server/src/test/s3rver';
import {
  adminApi,
  adminToken,
  localStorageFolder,
  mbps,
  mountDiskAndS3,
  startSourceServer,
  withPeakMemory,
} from '../helpers/admin-api';
import { freshDataDir, median, residentMb, stop } from '../helpers/lib.mjs';
import { pinStorageApart } from '../helpers/pin';

const PORT = 39_433;
const MIB = 1024 ** 2;
const FILE_BYTES = 1024 * MIB;
/** What the benchmarks' S3 mount keeps its objects under. */
const S3_FOLDER = 'bench';
const ROUNDS = Number(process.env.COPY_BENCH_ROUNDS) || 3;

/** 1 GiB of one random MiB over and over: incompressible enough, and no memory to speak of. */
function benchBytes() {
  const piece = randomBytes(MIB);
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < FILE_BYTES; sent += MIB) yield piece;
    })(),
  );
}

/**
 * Milliseconds `run` takes, after a `sync`: writeback of the gigabyte before would otherwise slow
 * whatever runs next.
 */
async function timed(run: () => Promise<unknown>) {
  execFileSync('sync');
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Reads a stream to its end; throws unless it held the whole file. */
async function drain(stream: AsyncIterable<unknown>) {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  if (bytes !== FILE_BYTES) throw new Error(`read ${bytes} of ${FILE_BYTES} bytes`);
}

const dataDir = freshDataDir();
const profileDir = process.env.COPY_BENCH_PROFILE;
const server = await startSourceServer(
  PORT,
  dataDir,
  profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
);
const s3 = await startS3rver();
const pinned = pinStorageApart(s3.pid, [server.pid as number]);
console.log(pinned ? 's3rver pinned to a core of its own' : 's3rver not pinned');
const api = adminApi(PORT);
const client = new S3Client({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  // As the server's driver: a streamed body with a checksum trailer would go aws-chunked, which
  // s3rver stores framing and all.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
});
try {
  const token = await adminToken(api);
  const disk = await localStorageFolder(api, token, dataDir, 'copy bench disk');
  const diskFolder = disk.folder;
  const bucketConfig = await api<{ id: string }>('POST', '/api/s3-configs', token, {
    ...s3.storageFields,
    name: 'copy bench s3',
    default_folder: S3_FOLDER,
  });
  await mountDiskAndS3(api, token, disk.id, bucketConfig.id);

  /** Copies one file by the copy job and waits for the job to end; answers milliseconds. */
  const copyJob = (sourcePath: string, targetPath: string) =>
    timed(async () => {
      const { job_id } = await api<{ job_id: string }>('POST', '/api/admin/fs/batch-copy', token, {
        items: [{ sourcePath, targetPath }],
      });
      for (;;) {
        const job = await api<{ status: string; failed: number; errors: unknown[] }>(
          'GET',
          `/api/admin/fs/jobs/${job_id}`,
          token,
        );
        if (job.status === 'completed' && job.failed === 0) return;
        if (job.status !== 'pending' && job.status !== 'running') {
          throw new Error(`copy job ${job.status}: ${JSON.stringify(job.errors)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
  /**
   * A PUT of `body` (1 GiB). The direct write into s3rver streams the very bytes the copy sends,
   * from the local mount's file, read in the local driver's 256 KiB pieces: one MiB repeated from
   * memory stays in the CPU's cache and went in 10–30 % faster than any real gigabyte does
   * (only the seed is sent that way).
   */
  const s3Put = (key: string, body: () => Readable = benchBytes) =>
    timed(() =>
      client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: `${S3_FOLDER}/${key}`,
          Body: body(),
          ContentLength: FILE_BYTES,
        }),
      ),
    );
  const s3Get = (key: string) =>
    timed(async () => {
      const object = await client.send(
        new GetObjectCommand({ Bucket: s3.bucket, Key: `${S3_FOLDER}/${key}` }),
      );
      await drain(object.Body as Readable);
    });
  const diskWrite = (file: string) =>
    // Flushed to disk as it goes and at the end, as the local driver writes its files.
    timed(() => {
      const target = createWriteStream(path.join(diskFolder, file), { flush: true });
      return pipeline(benchBytes(), new WriteBehind(target), target);
    });
  const diskRead = (file: string) =>
    timed(() => drain(createReadStream(path.join(diskFolder, file), { highWaterMark: MIB })));

  // Seeds the source; each round then measures its own baselines next to its copies.
  const seedMs = await s3Put('source.bin');
  console.log(
    `seed: s3rver PUT of one MiB repeated from memory, ${mbps(FILE_BYTES, seedMs).toFixed(0)} MB/s`,
  );
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const pid = server.pid as number;
  const idleMb = residentMb(pid);
  console.log(`server idle: ${idleMb.toFixed(1)} MB resident`);

  type Direction = { read: number; write: number; copy: number; peakMb: number };
  const toDiskRounds: Direction[] = [];
  const toS3Rounds: Direction[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Odd rounds copy before their baselines, so neither side always runs on a warmer disk.
    const copyFirst = round % 2 === 1;
    const toDiskBaselines = async () => {
      const read = await s3Get('source.bin');
      const write = await diskWrite('baseline.bin');
      rmSync(path.join(diskFolder, 'baseline.bin'));
      return { read, write };
    };
    const toDiskCopy = () => withPeakMemory(pid, () => copyJob('/s3/source.bin', '/disk/from-s3/'));
    const toDiskBase = copyFirst ? undefined : await toDiskBaselines();
    const toDisk = await toDiskCopy();
    const toDiskAfter = toDiskBase ?? (await toDiskBaselines());
    toDiskRounds.push({ ...toDiskAfter, copy: toDisk.result, peakMb: toDisk.peakMb });

    const toS3Baselines = async () => ({
      read: await diskRead('from-s3/source.bin'),
      write: await s3Put('baseline.bin', () =>
        createReadStream(path.join(diskFolder, 'from-s3/source.bin'), {
          highWaterMark: 256 * 1024,
        }),
      ),
    });
    const toS3Base = copyFirst ? undefined : await toS3Baselines();
    const toS3 = await withPeakMemory(pid, () =>
      copyJob('/disk/from-s3/source.bin', `/s3/back-${round}/`),
    );
    const toS3After = toS3Base ?? (await toS3Baselines());
    toS3Rounds.push({ ...toS3After, copy: toS3.result, peakMb: toS3.peakMb });
    // The copy back is read once more, directly: the bytes went through whole.
    await s3Get(`back-${round}/source.bin`);
    await client.send(
      new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${S3_FOLDER}/back-${round}/source.bin` }),
    );
    rmSync(path.join(diskFolder, 'from-s3'), { recursive: true, force: true });
    console.log(`round ${round + 1} done (load average ${loadavg()[0]?.toFixed(2)})`);
  }

  const report = (label: string, rounds: Direction[], readName: string, writeName: string) => {
    const ratios = rounds.map((r) => Math.max(r.read, r.write) / r.copy);
    const rate = (ms: number) => `${mbps(FILE_BYTES, ms).toFixed(0)}`;
    console.log(`\n### ${label} (MB/s per round)`);
    const row = (name: string, pick: (r: Direction) => number) =>
      console.log(`${name.padEnd(18)} ${rounds.map((r) => rate(pick(r))).join(' / ')}`);
    row(readName, (r) => r.read);
    row(writeName, (r) => r.write);
    row('copy job', (r) => r.copy);
    console.log(
      `ratio copy / slower baseline: median ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}; target ≥ 0.8)`,
    );
    const peak = Math.max(...rounds.map((r) => r.peakMb));
    console.log(
      `peak memory        ${peak.toFixed(1)} MB, ${(peak - idleMb).toFixed(1)} MB over idle (target < 64)`,
    );
  };
  report('1 GiB from s3rver to a local mount', toDiskRounds, 's3rver GET', 'disk write');
  report('1 GiB from a local mount to s3rver', toS3Rounds, 'disk read', 's3rver PUT');
  console.log(
    `\nload average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
} finally {
  client.destroy();
  await stop(server);
  await s3.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
