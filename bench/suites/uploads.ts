// Upload and download benchmarks (issue 4), each against its baseline in the same run:
//   1 GiB through POST /api/upload to S3 (s3rver)   vs a direct PUT of the file to s3rver
//   1 GiB through POST /api/upload to local storage vs streaming the file straight to disk
//   a 512 MiB ranged download through the server    vs a direct ranged GET from s3rver
//   1 GiB multipart upload, 3 parts in parallel     vs the single direct PUT
// plus the server's peak resident memory against its idle figure.
// Each pair runs BENCH_ROUNDS times (default 3), alternating which side goes first, with the
// disk flushed (`sync`) before every timed transfer, and the median ratio is reported: the
// machine's I/O speed drifts from one minute to the next, and writeback of the previous
// gigabyte would otherwise slow whichever side runs second.
// The S3 endpoint (s3rver) is pinned to one core and everything else to the others, when
// `taskset` is there and the machine has two cores or more: a real S3 endpoint runs on machines
// of its own, so the storage gets the same CPU with and without our server in the path, instead
// of the server's work being taken out of the storage's share (BENCH_PIN=0 turns this off).
// Run after `npm run build`: `node --import tsx bench/suites/uploads.ts` (about 4 minutes, 3 GiB
// of disk).

import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { startS3rver } from '../../apps/server/src/test/s3rver';
import {
  freshDataDir,
  median,
  residentMb,
  startServer,
  stop,
  waitForHealth,
} from '../helpers/lib.mjs';
import { pinStorageApart } from '../helpers/pin';

// The port comes from UPLOADS_BENCH_PORT, so that the bench runs beside other servers.
const PORT = Number(process.env.UPLOADS_BENCH_PORT) || 8994;
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const base = `http://127.0.0.1:${PORT}`;
const work = mkdtempSync(path.join(tmpdir(), 'sharebin-upload-bench-'));
const file = path.join(work, 'one-gib.bin');

// 1 GiB of incompressible bytes, written as 64 distinct random MiB blocks repeated.
const blocks = Array.from({ length: 64 }, () => randomBytes(MIB));
const out = createWriteStream(file);
for (let i = 0; i < 1024; i++)
  if (!out.write(blocks[i % 64])) await new Promise<void>((r) => out.once('drain', r));
await new Promise<void>((r) => out.end(r));

/** Streams `body` in one HTTP request; answers the response's status, text and ETag. */
function send(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  body: () => Readable,
) {
  return new Promise<{ status: number; text: string; etag: string }>((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c) => chunks.push(c));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString(),
          etag: String(response.headers.etag ?? ''),
        }),
      );
    });
    request.on('error', reject);
    body().pipe(request);
  });
}

/** Reads a response to the end; answers its status and how many bytes came. */
function receive(url: string, headers: Record<string, string>) {
  return new Promise<{ bytes: number; status: number }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (c: Buffer) => (bytes += c.length));
        response.on('end', () =>
          resolve({
            bytes,
            status: response.statusCode ?? 0,
          }),
        );
      })
      .on('error', reject);
  });
}

function formUpload(token: string, fields: Record<string, string>) {
  const boundary = `----sharebin${randomBytes(8).toString('hex')}`;
  const head =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="one-gib.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + statSync(file).size + Buffer.byteLength(tail);
  return send(
    `${base}/api/upload`,
    'POST',
    {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': length,
    },
    () =>
      Readable.from(
        (async function* () {
          yield Buffer.from(head);
          yield* createReadStream(file, { highWaterMark: MIB });
          yield Buffer.from(tail);
        })(),
      ),
  );
}

const s3 = await startS3rver();
const server = startServer({ port: PORT, dataDir: freshDataDir(), env: { LOG_LEVEL: 'warn' } });
process.on('exit', () => server.kill());
await waitForHealth(PORT);
const pinned = pinStorageApart(s3.pid, [server.pid as number]);
await new Promise((r) => setTimeout(r, 2000));
const idleMb = residentMb(server.pid as number);
let peakMb = idleMb;
const sampler = setInterval(() => {
  peakMb = Math.max(peakMb, residentMb(server.pid as number));
}, 50);

const api = async (method: string, route: string, token: string | null, body?: unknown) => {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: a benchmark reads many answer shapes
  const json = (await response.json()) as { data: any };
  return json.data;
};
const token = (
  await api('POST', '/admin/login', null, { username: 'admin', password: 'bench-password' })
).token as string;
await api('PUT', '/admin/system-settings', token, {
  max_upload_size: 4,
  max_upload_size_unit: 'GB',
});
const s3Config = await api('POST', '/s3-configs', token, {
  ...s3.storageFields,
  name: 'bench-s3',
});
const localConfig = (await api('GET', '/s3-configs', token)).find(
  (c: { storage_type: string }) => c.storage_type === 'local',
);
const deleteShare = (id: string) => api('DELETE', `/admin/files/${id}`, token);

/** Seconds of `transfer`, started with the disk flushed so no earlier write slows it. */
async function timed(transfer: () => Promise<unknown>) {
  execSync('sync');
  const started = performance.now();
  await transfer();
  return (performance.now() - started) / 1000;
}

/** Runs baseline and candidate ROUNDS times, alternating which goes first. */
async function pairs(baseline: () => Promise<number>, candidate: () => Promise<number>) {
  const rounds: { baseline: number; candidate: number; ratio: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const first = round % 2 === 0 ? baseline : candidate;
    const second = first === baseline ? candidate : baseline;
    const a = await first();
    const b = await second();
    const [baseSeconds, candidateSeconds] = first === baseline ? [a, b] : [b, a];
    rounds.push({
      baseline: baseSeconds,
      candidate: candidateSeconds,
      ratio: baseSeconds / candidateSeconds,
    });
  }
  return rounds;
}

/** A direct PUT of the file to s3rver through a presigned URL. */
async function directPut() {
  const presigned = await api('POST', '/s3/presign', token, {
    s3_config_id: s3Config.id,
    filename: 'direct.bin',
    size: GIB,
  });
  const seconds = await timed(() =>
    send(presigned.upload_url, 'PUT', { ...presigned.upload_headers, 'content-length': GIB }, () =>
      createReadStream(file, { highWaterMark: MIB }),
    ),
  );
  await deleteShare(presigned.file_id);
  return seconds;
}

/** `POST /api/upload` of the file to a storage; the share is kept when `keepAs` names it. */
async function uploadThroughServer(configId: string, keepAs?: string) {
  const slug = keepAs ?? `bench-${randomBytes(4).toString('hex')}`;
  let answer = { status: 0, text: '' };
  const seconds = await timed(async () => {
    answer = await formUpload(token, { s3_config_id: configId, slug, size: String(GIB) });
  });
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.text}`);
  if (!keepAs) await deleteShare(JSON.parse(answer.text).data.id);
  return seconds;
}

/** Streams the file straight to a file on disk, the local storage's baseline. */
async function straightToDisk() {
  const target = path.join(work, 'copy.bin');
  const seconds = await timed(() =>
    pipeline(createReadStream(file, { highWaterMark: MIB }), createWriteStream(target)),
  );
  rmSync(target);
  return seconds;
}

let uploadPeakOverIdleMb = 0;
/** Peak resident memory over idle while `run` goes. */
async function watchingMemory(run: () => Promise<number>) {
  peakMb = residentMb(server.pid as number);
  const seconds = await run();
  uploadPeakOverIdleMb = Math.max(uploadPeakOverIdleMb, peakMb - idleMb);
  return seconds;
}

const s3Rounds = await pairs(directPut, () =>
  watchingMemory(() => uploadThroughServer(s3Config.id)),
);
const s3PeakOverIdleMb = uploadPeakOverIdleMb;
uploadPeakOverIdleMb = 0;
const localRounds = await pairs(straightToDisk, () =>
  watchingMemory(() => uploadThroughServer(localConfig.id)),
);
const localPeakOverIdleMb = uploadPeakOverIdleMb;

// Ranged download: 512 MiB of an S3 object, through the server and straight from s3rver.
await uploadThroughServer(s3Config.id, 'bench-s3');
const range = { range: `bytes=0-${512 * MIB - 1}` };
const view = await api('GET', '/public/files/bench-s3', null);
const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3');
const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
const client = new S3Client({
  endpoint: s3.endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
});
const share = await api('GET', '/admin/files?search=bench-s3', token);
const objectKey = share.items[0].storage_path as string;
const directGetUrl = await getSignedUrl(
  client,
  new GetObjectCommand({ Bucket: s3.bucket, Key: objectKey }),
  { expiresIn: 600 },
);
/** Seconds of a ranged GET, checking that all 512 MiB arrived. */
async function rangedGet(url: string) {
  let answer = { status: 0, bytes: 0 };
  const seconds = await timed(async () => {
    answer = await receive(url, range);
  });
  if (answer.status !== 206 || answer.bytes !== 512 * MIB)
    throw new Error(`ranged GET answered ${answer.status} with ${answer.bytes} bytes`);
  return seconds;
}
const downloadRounds = await pairs(
  () => rangedGet(directGetUrl),
  () => rangedGet(`${base}${view.download_url}`),
);

/** Multipart from Node: 3 parts in flight at a time, straight to s3rver. */
async function multipartUpload() {
  let partCount = 0;
  let fileId = '';
  const seconds = await timed(async () => {
    const init = await api('POST', '/s3/multipart/init', token, {
      s3_config_id: s3Config.id,
      filename: 'multi.bin',
      size: GIB,
    });
    fileId = init.file_id;
    const numbers = Array.from({ length: init.part_count as number }, (_, i) => i + 1);
    const parts: { partNumber: number; etag: string }[] = [];
    for (let i = 0; i < numbers.length; i += 100) {
      const batch = (
        await api('POST', '/s3/multipart/parts', token, {
          file_id: init.file_id,
          part_numbers: numbers.slice(i, i + 100),
        })
      ).parts as { partNumber: number; url: string }[];
      const queue = [...batch];
      await Promise.all(
        Array.from({ length: 3 }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const start = (next.partNumber - 1) * init.part_size;
            const end = Math.min(GIB, start + init.part_size) - 1;
            const answer = await send(next.url, 'PUT', { 'content-length': end - start + 1 }, () =>
              createReadStream(file, { start, end, highWaterMark: MIB }),
            );
            if (answer.status !== 200) throw new Error(`part answered ${answer.status}`);
            parts.push({ partNumber: next.partNumber, etag: answer.etag });
          }
        }),
      );
    }
    await api('POST', '/s3/multipart/complete', token, { file_id: init.file_id, parts });
    partCount = parts.length;
  });
  await deleteShare(fileId);
  multipartParts = partCount;
  return seconds;
}
let multipartParts = 0;
const multipartRounds = await pairs(directPut, multipartUpload);

clearInterval(sampler);
await stop(server);
await s3.stop();
rmSync(work, { recursive: true, force: true });

const mibPerSecond = (bytes: number, seconds: number) => Math.round(bytes / MIB / seconds);
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Median ratio, every round's ratio, and the two speeds of the median round. */
function summary(rounds: { baseline: number; candidate: number; ratio: number }[], bytes = GIB) {
  const middle = median(rounds.map((r) => r.ratio));
  // An even count's median may match no round: the first (rounds are never empty) stands in.
  const medianRound = rounds.find((r) => r.ratio === middle) ?? (rounds[0] as (typeof rounds)[0]);
  return {
    ratio: round2(middle),
    rounds: rounds.map((r) => round2(r.ratio)),
    baselineMiBs: mibPerSecond(bytes, medianRound.baseline),
    candidateMiBs: mibPerSecond(bytes, medianRound.candidate),
  };
}
const result = {
  rounds: ROUNDS,
  storagePinnedToItsOwnCore: pinned,
  idleRssMb: Math.round(idleMb),
  s3UploadVsDirectPut: { ...summary(s3Rounds), peakOverIdleMb: Math.round(s3PeakOverIdleMb) },
  localUploadVsDisk: { ...summary(localRounds), peakOverIdleMb: Math.round(localPeakOverIdleMb) },
  rangedDownload512MiBVsDirectGet: summary(downloadRounds, 512 * MIB),
  multipart3ParallelVsDirectPut: { ...summary(multipartRounds), parts: multipartParts },
  overallPeakRssMb: Math.round(peakMb),
};
writeFileSync(path.join(tmpdir(), 'sharebin-upload-bench.json'), JSON.stringify(result));
console.log(JSON.stringify(result, null, 2));
