// A copy across a storage restart (issue 27, "Hardening II"): items lost in a 20-item copy job
// whose target storage restarts for 2 s while it runs (target 0). The server runs from source on
// a fresh DATA_DIR; its S3 storage is s3rver reached through a TCP relay of this bench, whose
// listening socket closes (connections refused, as by a restarting S3) and opens again on the
// same port after COPY_RESTART_BENCH_DOWN_MS (2 s); the relay's open connections are reset when
// it closes. `POST /api/admin/fs/batch-copy` copies a folder of 20 files (256 KiB each,
// COPY_RESTART_BENCH_FILE_KIB) from the local storage (/disk/many) into the S3 one (/s3/); once
// `GET /api/admin/fs/jobs/{id}` shows a few items done (COPY_RESTART_BENCH_AFTER_ITEMS, 5), the
// storage restarts, and the bench waits for the job to end. Reported: the job's status, its
// success and failed counts, the items lost (files of /s3/many missing or with other bytes, read
// back from s3rver directly and compared by SHA-256) and the job's duration, against the same
// copy without a restart in the same round (the baseline; which runs first alternates).
// The server's job retries wait up to a minute in all (DEFAULT_JOB_TIMINGS.retryDelaysMs), so
// the job must complete with 0 failed and 0 lost.
// Run: `node --import tsx bench/suites/copy-restart.ts` (about 30 s). Ports:
// COPY_RESTART_BENCH_PORT (server, default 39461); COPY_RESTART_BENCH_ROUNDS rounds (default 3).

import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startS3rver } from '../../apps/server/src/test/s3rver';
import {
  adminApi,
  adminToken,
  localStorageFolder,
  mountDiskAndS3,
  startSourceServer,
} from '../helpers/admin-api';
import { freshDataDir, median, stop } from '../helpers/lib.mjs';

const PORT = Number(process.env.COPY_RESTART_BENCH_PORT ?? 39_461);
const ROUNDS = Number(process.env.COPY_RESTART_BENCH_ROUNDS ?? 3);
const FILES = 20;
const FILE_BYTES = Number(process.env.COPY_RESTART_BENCH_FILE_KIB ?? 256) * 1024;
const DOWN_MS = Number(process.env.COPY_RESTART_BENCH_DOWN_MS ?? 2_000);
const AFTER_ITEMS = Number(process.env.COPY_RESTART_BENCH_AFTER_ITEMS ?? 5);
/** Past the server's retry waits (60.5 s) with room to spare: a job still running is stuck. */
const JOB_DEADLINE_MS = 180_000;
const POLL_MS = 20;
/** What the S3 mount keeps its objects under. */
const S3_FOLDER = 'bench';

interface Job {
  status: string;
  items_total: number;
  items_done: number;
  success: number;
  skipped: number;
  failed: number;
  errors: unknown[];
  error: string | null;
  started_at: string | null;
  finished_at: string | null;
}

/**
 * A TCP relay to `target`: `restart(downMs)` resets the connections it holds, closes its
 * listening socket (new connections are refused) and listens on the same port again after
 * `downMs`, as a storage that restarts.
 */
function createRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const reset = (socket: net.Socket) => {
    try {
      socket.resetAndDestroy();
    } catch {
      socket.destroy();
    }
  };
  const listener = () =>
    net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      track(client);
      track(upstream);
      // One side failing or closing ends the other, as a proxy in the way would.
      client.on('error', () => reset(upstream));
      upstream.on('error', () => reset(client));
      client.pipe(upstream);
      upstream.pipe(client);
    });
  let server = listener();
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const close = () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) reset(socket);
    return closed;
  };
  return {
    listen,
    close,
    get port() {
      return port;
    },
    /** Answers when the relay listens again; `down` is how long it refused, in ms. */
    async restart(downMs: number) {
      const started = performance.now();
      await close();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      server = listener();
      await listen();
      return { down: performance.now() - started };
    },
  };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const dataDir = freshDataDir();
let server: Awaited<ReturnType<typeof startSourceServer>> | undefined;
let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
let relay: ReturnType<typeof createRelay> | undefined;
let client: S3Client | undefined;

async function cleanUp() {
  client?.destroy();
  if (server) await stop(server);
  await relay?.close();
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
// Interrupted (Ctrl-C): the server and s3rver go too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanUp().finally(() => process.exit(130));
  });
}

try {
  s3 = await startS3rver();
  const s3Url = new URL(s3.endpoint);
  relay = createRelay({ host: s3Url.hostname, port: Number(s3Url.port) });
  await relay.listen();
  const direct = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  client = direct;
  const { bucket } = s3;
  const storage = relay;
  server = await startSourceServer(PORT, dataDir);
  const api = adminApi(PORT);
  const token = await adminToken(api);

  const disk = await localStorageFolder(api, token, dataDir, 'copy restart bench disk');
  const bucketConfig = await api<{ id: string }>('POST', '/api/s3-configs', token, {
    ...s3.storageFields,
    endpoint: `http://127.0.0.1:${relay.port}`,
    name: 'copy restart bench s3',
    default_folder: S3_FOLDER,
  });
  await mountDiskAndS3(api, token, disk.id, bucketConfig.id);

  // The source: 20 files of random bytes, by name with their hash.
  const expected = new Map<string, string>();
  mkdirSync(path.join(disk.folder, 'many'));
  for (let i = 1; i <= FILES; i++) {
    const name = `file-${String(i).padStart(2, '0')}.bin`;
    const bytes = randomBytes(FILE_BYTES);
    writeFileSync(path.join(disk.folder, 'many', name), bytes);
    expected.set(name, sha256(bytes));
  }

  /** Files of /s3/many missing or with other bytes, read from s3rver directly. */
  async function lostItems() {
    const prefix = `${S3_FOLDER}/many/`;
    const listed = await direct.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    const keys = new Set((listed.Contents ?? []).map((object) => object.Key));
    let missing = 0;
    let wrong = 0;
    for (const [name, hash] of expected) {
      if (!keys.has(prefix + name)) {
        missing++;
        continue;
      }
      const object = await direct.send(
        new GetObjectCommand({ Bucket: bucket, Key: prefix + name }),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of object.Body as Readable) chunks.push(chunk as Buffer);
      if (sha256(Buffer.concat(chunks)) !== hash) wrong++;
    }
    return { missing, wrong, lost: missing + wrong };
  }

  /**
   * Copies /disk/many into /s3/ by the copy job and waits for it to end; with `restartAfter`,
   * the storage restarts once the job has done that many items.
   */
  async function copy(restartAfter: number | null) {
    const { job_id } = await api<{ job_id: string }>('POST', '/api/admin/fs/batch-copy', token, {
      items: [{ sourcePath: '/disk/many', targetPath: '/s3/' }],
    });
    const deadline = Date.now() + JOB_DEADLINE_MS;
    let restart: Promise<{ down: number }> | null = null;
    let itemsDoneAtRestart: number | null = null;
    let job: Job;
    for (;;) {
      job = await api<Job>('GET', `/api/admin/fs/jobs/${job_id}`, token);
      if (job.status !== 'pending' && job.status !== 'running') break;
      if (restartAfter !== null && !restart && job.items_done >= restartAfter) {
        itemsDoneAtRestart = job.items_done;
        restart = storage.restart(DOWN_MS);
      }
      if (Date.now() > deadline) throw new Error(`copy job still ${job.status} after 180 s`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const down = restart ? (await restart).down : null;
    const durationMs =
      job.started_at && job.finished_at
        ? Date.parse(job.finished_at) - Date.parse(job.started_at)
        : Number.NaN;
    const lost = await lostItems();
    // Emptied for the next copy, through the server (its listings stay true).
    await api('DELETE', `/api/admin/fs/remove?path=${encodeURIComponent('/s3/many')}`, token);
    if ((await lostItems()).missing !== FILES) throw new Error('/s3/many was not emptied');
    return { job, durationMs, itemsDoneAtRestart, downMs: down, ...lost };
  }

  const rows = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Even rounds copy across the restart before their baseline.
    const restartFirst = round % 2 === 0;
    const baselineBefore = restartFirst ? null : await copy(null);
    const restarted = await copy(AFTER_ITEMS);
    const baseline = baselineBefore ?? (await copy(null));
    if (baseline.job.status !== 'completed' || baseline.lost > 0) {
      throw new Error(`the baseline copy went wrong: ${JSON.stringify(baseline)}`);
    }
    if (restarted.downMs === null) {
      console.warn(`round ${round}: the job ended before ${AFTER_ITEMS} items were seen done`);
    }
    const row = {
      round,
      status: restarted.job.status,
      items: restarted.job.items_total,
      success: restarted.job.success,
      failed: restarted.job.failed,
      restartedAtItems: restarted.itemsDoneAtRestart,
      downS: restarted.downMs === null ? null : Number((restarted.downMs / 1000).toFixed(2)),
      missing: restarted.missing,
      wrongBytes: restarted.wrong,
      lost: restarted.lost,
      jobS: Number((restarted.durationMs / 1000).toFixed(2)),
      baselineS: Number((baseline.durationMs / 1000).toFixed(2)),
      errors: restarted.job.errors.length ? JSON.stringify(restarted.job.errors) : '',
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  console.table(rows);
  const lost = rows.reduce((sum, row) => sum + row.lost, 0);
  const failed = rows.reduce((sum, row) => sum + row.failed, 0);
  const allCompleted = rows.every((row) => row.status === 'completed' && row.downS !== null);
  console.log(
    JSON.stringify({
      rounds: ROUNDS,
      files: FILES,
      fileKiB: FILE_BYTES / 1024,
      downMs: DOWN_MS,
      itemsLost: lost,
      itemsFailed: failed,
      medianJobS: median(rows.map((row) => row.jobS)),
      medianBaselineS: median(rows.map((row) => row.baselineS)),
      target: lost === 0 && failed === 0 && allCompleted ? '✓ 0 lost' : '✗',
      loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
    }),
  );
} finally {
  await cleanUp();
}
