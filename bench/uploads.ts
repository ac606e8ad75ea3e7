// Upload and download benchmarks (issue 4), each against its baseline in the same run:
//   1 GiB through POST /api/upload to S3 (s3rver)   vs a direct PUT of the file to s3rver
//   1 GiB through POST /api/upload to local storage vs streaming the file straight to disk
//   a 512 MiB ranged download through the server    vs a direct ranged GET from s3rver
//   1 GiB multipart upload, 3 parts in parallel     vs the single direct PUT
// plus the server's peak resident memory against its idle figure.
// Run after `npm run build`: `node --import tsx bench/uploads.ts` (about 2 minutes, 3 GiB of disk).

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
import { startS3rver } from '../apps/server/src/test/s3rver';
import { freshDataDir, residentMb, startServer, stop, waitForHealth } from './lib.mjs';

const PORT = 8994;
const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
const base = `http://127.0.0.1:${PORT}`;
const work = mkdtempSync(path.join(tmpdir(), 'sharebin-upload-bench-'));
const file = path.join(work, 'one-gib.bin');

// 1 GiB of incompressible bytes, written as 64 distinct random MiB blocks repeated.
const blocks = Array.from({ length: 64 }, () => randomBytes(MIB));
const out = createWriteStream(file);
for (let i = 0; i < 1024; i++)
  if (!out.write(blocks[i % 64])) await new Promise((r) => out.once('drain', r));
await new Promise((r) => out.end(r));

/** Streams `body` in one HTTP request; answers seconds and the response. */
function send(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  body: () => Readable,
) {
  return new Promise<{ seconds: number; status: number; text: string }>((resolve, reject) => {
    const started = performance.now();
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c) => chunks.push(c));
      response.on('end', () =>
        resolve({
          seconds: (performance.now() - started) / 1000,
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on('error', reject);
    body().pipe(request);
  });
}

/** Reads a response to the end; answers seconds and bytes. */
function receive(url: string, headers: Record<string, string>) {
  return new Promise<{ seconds: number; bytes: number; status: number }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (c: Buffer) => (bytes += c.length));
        response.on('end', () =>
          resolve({
            seconds: (performance.now() - started) / 1000,
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
  name: 'bench-s3',
  storage_type: 's3',
  provider: 'minio',
  endpoint: s3.endpoint,
  region: 'us-east-1',
  bucket: s3.bucket,
  access_key_id: s3.accessKeyId,
  secret_access_key: s3.secretAccessKey,
  path_style: true,
});
const localConfig = (await api('GET', '/s3-configs', token)).find(
  (c: { storage_type: string }) => c.storage_type === 'local',
);

// Baseline: a direct PUT of the file to s3rver through a presigned URL.
const presigned = await api('POST', '/s3/presign', token, {
  s3_config_id: s3Config.id,
  filename: 'direct.bin',
  size: GIB,
});
const direct = await send(
  presigned.upload_url,
  'PUT',
  { ...presigned.upload_headers, 'content-length': GIB },
  () => createReadStream(file, { highWaterMark: MIB }),
);
await api('POST', '/s3/commit', token, { file_id: presigned.file_id });

peakMb = residentMb(server.pid as number);
const viaServer = await formUpload(token, {
  s3_config_id: s3Config.id,
  slug: 'bench-s3',
  size: String(GIB),
});
const peakS3UploadMb = peakMb;

const diskTarget = path.join(work, 'copy.bin');
const diskStarted = performance.now();
await pipeline(createReadStream(file, { highWaterMark: MIB }), createWriteStream(diskTarget));
const diskSeconds = (performance.now() - diskStarted) / 1000;
rmSync(diskTarget);
peakMb = residentMb(server.pid as number);
const viaServerLocal = await formUpload(token, {
  s3_config_id: localConfig.id,
  slug: 'bench-local',
  size: String(GIB),
});
const peakLocalUploadMb = peakMb;

// Ranged download: 512 MiB from the S3 object, through the server and straight from s3rver.
const range = { range: `bytes=0-${512 * MIB - 1}` };
const view = await api('GET', '/public/files/bench-s3', null);
const throughServer = await receive(`${base}${view.download_url}`, range);
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
const directDownload = await receive(directGetUrl, range);

// Multipart from Node: 3 parts in flight at a time, straight to s3rver.
const multipartStarted = performance.now();
const init = await api('POST', '/s3/multipart/init', token, {
  s3_config_id: s3Config.id,
  filename: 'multi.bin',
  size: GIB,
});
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
        const part = next;
        const result = await new Promise<string>((resolve, reject) => {
          const request = http.request(
            part.url,
            { method: 'PUT', headers: { 'content-length': end - start + 1 } },
            (response) => {
              response.resume();
              response.on('end', () => resolve(String(response.headers.etag)));
            },
          );
          request.on('error', reject);
          createReadStream(file, { start, end, highWaterMark: MIB }).pipe(request);
        });
        parts.push({ partNumber: part.partNumber, etag: result });
      }
    }),
  );
}
await api('POST', '/s3/multipart/complete', token, { file_id: init.file_id, parts });
const multipartSeconds = (performance.now() - multipartStarted) / 1000;

clearInterval(sampler);
await stop(server);
await s3.stop();
rmSync(work, { recursive: true, force: true });

const mbps = (bytes: number, seconds: number) => Math.round(bytes / MIB / seconds);
const round = (n: number) => Math.round(n * 100) / 100;
const result = {
  idleRssMb: Math.round(idleMb),
  s3: {
    directPutMiBs: mbps(GIB, direct.seconds),
    throughServerMiBs: mbps(GIB, viaServer.seconds),
    ratio: round(direct.seconds / viaServer.seconds),
    status: viaServer.status,
    peakRssMb: Math.round(peakS3UploadMb),
    peakOverIdleMb: Math.round(peakS3UploadMb - idleMb),
  },
  local: {
    straightToDiskMiBs: mbps(GIB, diskSeconds),
    throughServerMiBs: mbps(GIB, viaServerLocal.seconds),
    ratio: round(diskSeconds / viaServerLocal.seconds),
    status: viaServerLocal.status,
    peakRssMb: Math.round(peakLocalUploadMb),
    peakOverIdleMb: Math.round(peakLocalUploadMb - idleMb),
  },
  rangedDownload512MiB: {
    directGetMiBs: mbps(directDownload.bytes, directDownload.seconds),
    throughServerMiBs: mbps(throughServer.bytes, throughServer.seconds),
    ratio: round(directDownload.seconds / throughServer.seconds),
    statuses: [directDownload.status, throughServer.status],
  },
  multipart: {
    singleDirectPutMiBs: mbps(GIB, direct.seconds),
    threePartsParallelMiBs: mbps(GIB, multipartSeconds),
    ratio: round(direct.seconds / multipartSeconds),
    parts: parts.length,
  },
  overallPeakRssMb: Math.round(peakMb),
};
writeFileSync(path.join(tmpdir(), 'sharebin-upload-bench.json'), JSON.stringify(result));
console.log(JSON.stringify(result, null, 2));
