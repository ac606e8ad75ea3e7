// Resumable uploads (issue 32 item 6): a 1 GiB multipart upload into a local-storage mount, cut
// off after half its parts, then resumed: `multipart/init` with the same fingerprint answers the
// parts already stored and only the missing ones are sent. Against a fresh upload of the same
// file in the same round: the resumed half should take about half the time and send half the
// bytes. BENCH_ROUNDS rounds (default 3), alternating which goes first; medians with the rounds.
// Parts go as the browser sends them: through the server's part route, three at a time.
// Run: `node --import tsx bench/suites/resume.ts`; `RESUME_BENCH_PORT` (default 39491); 3 GiB of
// disk.

import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { FsMultipartInitResponse } from '@sharebin/shared';
import { adminApi, adminToken, mountedLocalDisk, startSourceServer } from '../helpers/admin-api';
import { freshDataDir, median, stop } from '../helpers/lib.mjs';

const PORT = Number(process.env.RESUME_BENCH_PORT ?? 39_491);
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const MIB = 1024 ** 2;
const SIZE = 1024 * MIB;
const PARALLEL_PARTS = 3;

const dataDir = freshDataDir();
const file = path.join(dataDir, 'one-gib.bin');
// 1 GiB of incompressible bytes: 64 random MiB blocks, repeated.
const blocks = Array.from({ length: 64 }, () => randomBytes(MIB));
const out = createWriteStream(file);
for (let i = 0; i < 1024; i++) {
  if (!out.write(blocks[i % 64])) await new Promise<void>((done) => out.once('drain', done));
}
await new Promise<void>((done) => out.end(done));

const server = await startSourceServer(PORT, dataDir);
const api = adminApi(PORT);

/** One part through the server's part route, streamed from the file. */
function sendPart(token: string, url: string, start: number, length: number) {
  return new Promise<{ partNumber: number; etag: string }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/octet-stream',
          'content-length': length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString());
          if (response.statusCode !== 200) reject(new Error(JSON.stringify(body)));
          else resolve(body.data);
        });
      },
    );
    request.on('error', reject);
    createReadStream(file, { start, end: start + length - 1 }).pipe(request);
  });
}

/** Sends `numbers` (three at a time); answers the parts with their ETags and the bytes sent. */
async function sendParts(token: string, init: FsMultipartInitResponse, numbers: number[]) {
  const queue = [...numbers];
  const sent: { partNumber: number; etag: string }[] = [];
  let bytes = 0;
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const part = init.parts[next - 1];
      if (!part) throw new Error(`no part ${next}`);
      sent.push(await sendPart(token, part.url, (next - 1) * init.partSize, part.length));
      bytes += part.length;
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_PARTS }, worker));
  return { sent, bytes };
}

const init = (token: string, name: string, fingerprint: string) =>
  api<FsMultipartInitResponse>('POST', '/api/admin/fs/multipart/init', token, {
    path: '/disk',
    filename: name,
    fileSize: SIZE,
    contentType: 'application/octet-stream',
    fingerprint,
  });

async function complete(token: string, started: FsMultipartInitResponse, parts: unknown[]) {
  await api('POST', '/api/admin/fs/multipart/complete', token, {
    path: started.path,
    uploadId: started.uploadId,
    key: started.key,
    parts,
    fileSize: SIZE,
  });
}

const all = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** A whole upload: init, every part, complete. */
async function fresh(token: string, round: number) {
  const begun = performance.now();
  const started = await init(token, `fresh-${round}.bin`, `bench-fresh-fingerprint-${round}`);
  const { sent } = await sendParts(token, started, all(started.partCount));
  await complete(token, started, sent);
  return performance.now() - begun;
}

/** Half the parts, then (timed) the resume: init again, the missing parts, complete. */
async function resumed(token: string, round: number) {
  const name = `resumed-${round}.bin`;
  const fingerprint = `bench-resumed-fingerprint-${round}`;
  const first = await init(token, name, fingerprint);
  const half = Math.floor(first.partCount / 2);
  await sendParts(token, first, all(half));
  const begun = performance.now();
  const again = await init(token, name, fingerprint);
  const initMs = performance.now() - begun;
  if (again.uploadId !== first.uploadId) throw new Error('the upload was not resumed');
  const stored = new Set(again.uploaded.map((part) => part.partNumber));
  const missing = all(again.partCount).filter((number) => !stored.has(number));
  const { sent, bytes } = await sendParts(token, again, missing);
  await complete(token, again, [
    ...again.uploaded.map(({ partNumber, etag }) => ({ partNumber, etag })),
    ...sent,
  ]);
  const ms = performance.now() - begun;
  return { ms, initMs, bytes, storedParts: stored.size, partCount: again.partCount };
}

try {
  const token = await adminToken(api);
  const local = await mountedLocalDisk(api, token, dataDir, { name: 'disk', mountPath: '/disk' });
  const rounds: { fresh: number; resumed: Awaited<ReturnType<typeof resumed>> }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const freshFirst = round % 2 === 1;
    const freshMs = freshFirst ? await fresh(token, round) : 0;
    const resumedRun = await resumed(token, round);
    const lateFreshMs = freshFirst ? freshMs : await fresh(token, round);
    for (const name of [`fresh-${round}.bin`, `resumed-${round}.bin`]) {
      if (statSync(path.join(local.folder, name)).size !== SIZE) throw new Error(`${name} size`);
      rmSync(path.join(local.folder, name));
    }
    rounds.push({ fresh: lateFreshMs, resumed: resumedRun });
    console.log(
      `round ${round}: fresh ${(lateFreshMs / 1000).toFixed(2)} s; resumed ${(resumedRun.ms / 1000).toFixed(2)} s ` +
        `(init ${resumedRun.initMs.toFixed(0)} ms, ${resumedRun.storedParts} of ${resumedRun.partCount} parts stored, ` +
        `${(resumedRun.bytes / MIB).toFixed(0)} MiB sent)`,
    );
  }
  const ratios = rounds.map((round) => round.resumed.ms / round.fresh);
  const sentShare = rounds.map((round) => round.resumed.bytes / SIZE);
  console.log(
    JSON.stringify({
      suite: 'resume',
      rounds: ROUNDS,
      freshSeconds: median(rounds.map((round) => round.fresh / 1000)),
      resumedSeconds: median(rounds.map((round) => round.resumed.ms / 1000)),
      resumedOverFresh: median(ratios),
      resumedOverFreshRounds: ratios.map((ratio) => Number(ratio.toFixed(2))),
      bytesSentOnResumeShare: median(sentShare),
      resumeInitMs: median(rounds.map((round) => round.resumed.initMs)),
      loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
    }),
  );
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
