// Uploads killed mid-way (issue 27, Hardening II): BENCH_CRASHES (default 10) times, a server
// process gets two streamed WebDAV PUTs of unknown length, one to S3 (s3rver: a multipart upload
// of lib-storage's) and one to the local storage (a temp file), and is killed with SIGKILL while
// they run, at a later point each round (from "the multipart upload exists" to several parts
// in). A new server starts on the same DATA_DIR and database; 30 s later (BENCH_SETTLE_MS) the
// bench counts what the killed uploads left: temp files of the local storage, multipart uploads
// s3rver holds open (ListMultipartUploads), `fs_uploads` rows and their held bytes. Target: 0.
// It also reports how long after the restart's first answer the last of it was gone (the sweep
// runs in the background at start).
// Runs the server from source: `node --import tsx bench/suites/crash-uploads.ts` (about 6 minutes).
// The port comes from BENCH_PORT (default 8997).

import path from 'node:path';
import { filesUnder } from '../../apps/server/src/test/files-under';
import { startS3rver } from '../../apps/server/src/test/s3rver';
import {
  apiCall,
  endlessDavPut,
  fsUploadRowsOf,
  openMultipartUploads,
  type ServerProcess,
  signInAsAdmin,
  startServerProcess,
} from '../../apps/server/src/test/server-process';
import { freshDataDir } from '../helpers/lib.mjs';

const PORT = Number(process.env.BENCH_PORT) || 8997;
const CRASHES = Number(process.env.BENCH_CRASHES) || 10;
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS) || 30_000;
const MIB = 1024 * 1024;

const dataDir = freshDataDir();
const s3 = await startS3rver();
const start = () => startServerProcess({ dataDir, port: PORT, env: { LOG_LEVEL: 'warn' } });

let server: ServerProcess = await start();
const token = await signInAsAdmin(server.url);
const [local] = await apiCall<{ id: string; default_folder: string | null }[]>(
  server.url,
  'GET',
  '/s3-configs',
  token,
);
if (!local) throw new Error('no default local storage');
const remote = await apiCall<{ id: string }>(server.url, 'POST', '/s3-configs', token, {
  ...s3.storageFields,
  name: 's3rver',
  default_folder: 'crash',
});
for (const [name, id, type] of [
  ['local', local.id, 'local'],
  ['remote', remote.id, 's3'],
] as const) {
  await apiCall(server.url, 'POST', '/admin/mounts', token, {
    name,
    storage_type: type,
    storage_config_id: id,
    mount_path: `/${name}`,
  });
}
// Large enough that no round's upload meets the limit before the kill does.
await apiCall(server.url, 'PUT', '/admin/system-settings', token, {
  max_upload_size: 100,
  max_upload_size_unit: 'GB',
});
const tempDir = path.join(dataDir, 'storage', local.id, local.default_folder ?? '', '.tmp');
const uploads = fsUploadRowsOf(dataDir);
const uploadRows = uploads.rows;

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

const leftovers = async () => {
  const rows = uploadRows();
  return {
    tempFiles: filesUnder(tempDir).length,
    openMultipartUploads: (await openMultipartUploads(s3)).length,
    uploadRows: rows.length,
    heldBytes: rows.reduce((sum, row) => sum + Number(row.size), 0),
  };
};
const isClean = (left: Awaited<ReturnType<typeof leftovers>>) =>
  left.tempFiles + left.openMultipartUploads + left.uploadRows === 0;

const rounds = [];
for (let round = 1; round <= CRASHES; round++) {
  const toS3 = endlessDavPut(server.url, `/remote/big-${round}.bin`);
  const toDisk = endlessDavPut(server.url, `/local/big-${round}.bin`);
  const begun = await until(() => {
    const rows = uploadRows();
    return (
      rows.some((row) => row.storage_config_id === remote.id && row.upload_id !== null) &&
      filesUnder(tempDir).length > 0
    );
  }, 60_000);
  // Later each round: from right after the multipart upload exists to several parts in.
  await new Promise((resolve) => setTimeout(resolve, (round - 1) * 250));
  const sentAtKill = toS3.sent();
  await server.killHard();
  toS3.stop();
  toDisk.stop();
  const atKill = await leftovers();
  if (isClean(atKill)) throw new Error(`round ${round}: the uploads ended before the kill`);

  const restarted = Date.now();
  server = await start();
  const answering = Date.now();
  let cleanAfterMs: number | null = null;
  await until(async () => {
    if (isClean(await leftovers())) cleanAfterMs ??= Date.now() - answering;
    return Date.now() - answering >= SETTLE_MS;
  }, SETTLE_MS + 10_000);
  const result = {
    round,
    begun,
    sentToS3AtKillMiB: Math.round(sentAtKill / MIB),
    leftAtKill: `${atKill.tempFiles} temp, ${atKill.openMultipartUploads} multipart, ${atKill.uploadRows} rows`,
    restartMs: answering - restarted,
    cleanAfterMs,
    ...(await leftovers()),
  };
  console.log(JSON.stringify(result));
  rounds.push(result);
}
console.table(rounds);
// Each round's counts are the whole state then: what any earlier round left is counted again.
const final = await leftovers();
console.log(
  JSON.stringify({
    crashes: CRASHES,
    settleMs: SETTLE_MS,
    roundsNotCleanAfterSettle: rounds.filter((round) => !isClean(round)).length,
    tempFilesLeft: final.tempFiles,
    openMultipartUploadsLeft: final.openMultipartUploads,
    uploadRowsLeft: final.uploadRows,
    heldBytesLeft: final.heldBytes,
    worstCleanAfterMs: Math.max(...rounds.map((round) => round.cleanAfterMs ?? Number.NaN)),
  }),
);

uploads.close();
await server.stop();
await s3.stop();
