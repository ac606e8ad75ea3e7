// Aborted uploads (issue 8): BENCH_ABORTS (default 200) uploads through POST /api/upload that
// the client cuts off mid-body, in a loop, against a real server process, on local storage and
// on S3 (s3rver: half of them of unknown length, which lib-storage sends as a multipart upload,
// half of declared size, one streamed PUT). Each abort waits until the storage write has begun
// (a temp file, an upload in s3rver, a record in `uploading` state), so that every one has
// something to release. Then, once the server has settled, it reports what is left: open file
// descriptors of the server process (/proc/<pid>/fd) before and after, temp files of the local
// storage, records still `uploading`, multipart uploads open in s3rver.
// Runs the server from source: `node --import tsx bench/suites/upload-aborts.ts` (about 2 minutes).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Database from 'better-sqlite3';
import { filesUnder } from '../../apps/server/src/test/files-under';
import { startS3rver } from '../../apps/server/src/test/s3rver';
import { freshDataDir, root, stop, waitForHealth } from '../helpers/lib.mjs';

// The port comes from UPLOAD_ABORTS_BENCH_PORT, so that the bench runs beside other servers.
const PORT = Number(process.env.UPLOAD_ABORTS_BENCH_PORT) || 8996;
const ABORTS = Number(process.env.BENCH_ABORTS) || 200;
const MIB = 1024 * 1024;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = freshDataDir();

const s3 = await startS3rver();
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ADMIN_PASSWORD: 'bench-password',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
await waitForHealth(PORT, { timeoutMs: 60_000 });
const pid = server.pid as number;

const api = async (method: string, route: string, token: string | null, body?: unknown) => {
  const response = await fetch(`${base}/api${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: unknown; message: string };
  if (!response.ok) throw new Error(`${method} ${route}: ${envelope.message}`);
  // biome-ignore lint/suspicious/noExplicitAny: envelopes of every shape
  return envelope.data as any;
};

const token = (
  await api('POST', '/admin/login', null, { username: 'admin', password: 'bench-password' })
).token as string;
const localConfig = (await api('GET', '/s3-configs', token))[0];
const s3Config = await api('POST', '/s3-configs', token, {
  ...s3.storageFields,
  name: 's3rver',
  default_folder: 'aborts',
});
const tempDir = path.join(dataDir, 'storage', localConfig.id, localConfig.default_folder, '.tmp');
const db = new Database(path.join(dataDir, 'sharebin.db'), { readonly: true });

const openFds = () => readdirSync(`/proc/${pid}/fd`).length;
const uploadingRows = () =>
  (
    db.prepare("select count(*) as n from file_shares where status = 'uploading'").get() as {
      n: number;
    }
  ).n;
const openMultipartUploads = async () =>
  ((await (await fetch(`${s3.endpoint}/${s3.bucket}?uploads`)).text()).match(/<Upload>/g) ?? [])
    .length;

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

/** Starts an upload, sends `bytes` of its file, waits until `begun`, then cuts the connection. */
async function abortedUpload(
  fields: Record<string, string>,
  bytes: number,
  begun: () => boolean | Promise<boolean>,
) {
  // One at a time: the previous abort has let go of its record (or is counted as left over).
  await until(() => uploadingRows() === 0, 2_000);
  const boundary = `----abort${randomBytes(6).toString('hex')}`;
  const request = http.request(`${base}/api/upload`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
  request.on('error', () => {});
  request.write(
    Object.entries(fields)
      .map(
        ([n, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`,
      )
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n\r\n`,
  );
  const chunk = randomBytes(MIB);
  for (let sent = 0; sent < bytes; sent += MIB) {
    if (!request.write(chunk)) await new Promise((resolve) => request.once('drain', resolve));
  }
  const started = await until(begun);
  request.destroy();
  return started;
}

/** Runs the aborts; answers what the server process and the storages hold afterwards. */
async function round(name: string, run: (i: number) => Promise<boolean>) {
  const before = openFds();
  const started = Date.now();
  let begun = 0;
  for (let i = 0; i < ABORTS; i++) if (await run(i)) begun++;
  const seconds = (Date.now() - started) / 1000;
  // Settled: no record uploading and the storages let go; idle keep-alive sockets to s3rver
  // close after its 5 s keep-alive timeout, so the descriptors are read once that has passed.
  await until(async () => uploadingRows() === 0 && (await openMultipartUploads()) === 0);
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const result = {
    round: name,
    aborts: ABORTS,
    begunBeforeAbort: begun,
    seconds,
    fdsBefore: before,
    fdsAfter: openFds(),
    tempFilesLeft: filesUnder(tempDir).length,
    uploadingRowsLeft: uploadingRows(),
    multipartUploadsLeft: await openMultipartUploads(),
  };
  console.log(JSON.stringify(result));
  return result;
}

// A finished upload per storage first: pools and lazily loaded modules are there before counting.
for (const configId of [localConfig.id, s3Config.id]) {
  const form = new FormData();
  form.append('s3_config_id', configId);
  form.append('file', new Blob([randomBytes(1000)]), 'warm.bin');
  const response = await fetch(`${base}/api/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 201) throw new Error(`warm-up upload: ${response.status}`);
}

const results = [
  await round('local storage', () =>
    abortedUpload({ s3_config_id: localConfig.id }, 2 * MIB, () => filesUnder(tempDir).length > 0),
  ),
  await round('S3 (s3rver)', (i) =>
    i % 2 === 0
      ? // Past lib-storage's first 8 MiB part: the multipart upload exists in s3rver.
        abortedUpload(
          { s3_config_id: s3Config.id },
          9 * MIB,
          async () => (await openMultipartUploads()) > 0,
        )
      : abortedUpload(
          { s3_config_id: s3Config.id, size: String(64 * MIB) },
          2 * MIB,
          () => uploadingRows() > 0,
        ),
  ),
];
console.table(results);

db.close();
await stop(server);
await s3.stop();
