// Archive extraction (issue 32 item 4): a zip of 1 GiB extracted by `POST fs/extract` into a
// folder of a local storage, against `unzip` extracting the same zip on the same disk, in the
// same run. BENCH_ROUNDS rounds (default 3), alternating which goes first; medians with the
// rounds. Sharebin's time runs from the call to the job's end as `GET fs/jobs/{id}` shows it
// (polled every 50 ms); its peak resident memory over idle is reported with it.
// Sharebin flushes each file it writes (`fsync`); `unzip` does not, so its time is also given
// with a `sync` at its end. The target (>= 0.5x) is against `unzip` without the sync.
// The zip: 32 files of 32 MiB of random bytes (stored, as they do not compress: 1 GiB of the
// zip) and 16 of 32 MiB of text (deflated), made with Python's zipfile. Needs `unzip` and
// `python3`; 4 GiB of disk.
// Run: `node --import tsx bench/suites/extract.ts`; `EXTRACT_BENCH_PORT` (default 39481).

import { execFileSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  adminApi,
  adminToken,
  mountedLocalDisk,
  startSourceServer,
  withPeakMemory,
} from '../helpers/admin-api';
import { freshDataDir, median, settledResidentMb, stop } from '../helpers/lib.mjs';

const PORT = Number(process.env.EXTRACT_BENCH_PORT ?? 39_481);
const ROUNDS = Number(process.env.BENCH_ROUNDS) || 3;
const RANDOM_FILES = 32;
const TEXT_FILES = 16;
const FILES = RANDOM_FILES + TEXT_FILES;
const FILE_MIB = 32;

const MAKE_ZIP = `
import os, sys, zipfile
path, randoms, texts, mib = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
line = b"The quick brown fox jumps over the lazy dog, numbered line %08d of the bench text.\\n"
with zipfile.ZipFile(path, "w") as z:
    for i in range(randoms + texts):
        if i < randoms:
            with z.open(zipfile.ZipInfo(f"random/part-{i:02d}.bin"), "w", force_zip64=True) as out:
                for _ in range(mib):
                    out.write(os.urandom(1 << 20))
        else:
            info = zipfile.ZipInfo(f"text/part-{i:02d}.txt")
            info.compress_type = zipfile.ZIP_DEFLATED
            with z.open(info, "w", force_zip64=True) as out:
                n = 0
                while n < mib << 20:
                    chunk = b"".join(line % (n // 85 + k) for k in range(4096))
                    out.write(chunk[: (mib << 20) - n])
                    n += len(chunk)
`;

const dataDir = freshDataDir();
const server = await startSourceServer(PORT, dataDir);
const api = adminApi(PORT);
try {
  const token = await adminToken(api);
  const local = await mountedLocalDisk(api, token, dataDir, { name: 'disk', mountPath: '/disk' });
  const zipPath = path.join(local.folder, 'bundle.zip');
  execFileSync('python3', [
    '-c',
    MAKE_ZIP,
    zipPath,
    String(RANDOM_FILES),
    String(TEXT_FILES),
    String(FILE_MIB),
  ]);
  const zipBytes = statSync(zipPath).size;
  const unpackedBytes = FILES * FILE_MIB * 1024 * 1024;

  async function sharebin(round: number) {
    const target = `out-sharebin-${round}`;
    const started = performance.now();
    const { job_id } = await api<{ job_id: string }>('POST', '/api/admin/fs/extract', token, {
      path: '/disk/bundle.zip',
      targetPath: `/disk/${target}`,
    });
    for (;;) {
      const job = await api<{ status: string; success: number; error: string | null }>(
        'GET',
        `/api/admin/fs/jobs/${job_id}`,
        token,
      );
      if (job.status === 'completed' && job.success === FILES) break;
      if (job.status !== 'pending' && job.status !== 'running') {
        throw new Error(`extract job ended ${job.status}: ${JSON.stringify(job)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    rmSync(path.join(local.folder, target), { recursive: true, force: true });
    return seconds;
  }

  function unzip(round: number, withSync: boolean) {
    const target = path.join(local.folder, `out-unzip-${round}`);
    const started = performance.now();
    execFileSync('unzip', ['-q', '-o', zipPath, '-d', target]);
    if (withSync) execFileSync('sync');
    const seconds = (performance.now() - started) / 1000;
    rmSync(target, { recursive: true, force: true });
    return seconds;
  }

  const loadAtStart = loadavg();
  const idleMb = await settledResidentMb(server.pid as number, { quietMs: 3_000 });
  const ours: number[] = [];
  const theirs: number[] = [];
  const theirsSynced: number[] = [];
  const peaks: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const runOurs = async () => {
      execFileSync('sync');
      const { result, peakMb } = await withPeakMemory(server.pid as number, () => sharebin(round));
      ours.push(result);
      peaks.push(peakMb - idleMb);
    };
    const runTheirs = () => {
      execFileSync('sync');
      theirs.push(unzip(round, false));
      execFileSync('sync');
      theirsSynced.push(unzip(round, true));
    };
    if (round % 2 === 0) {
      await runOurs();
      runTheirs();
    } else {
      runTheirs();
      await runOurs();
    }
  }

  const mbps = (seconds: number) => (unpackedBytes / 1e6 / seconds).toFixed(0);
  const rounds = (values: number[]) => values.map((s) => `${s.toFixed(2)} s`).join(', ');
  const ratio = median(theirs) / median(ours);
  console.log(
    `\n### Extraction of a zip of ${(zipBytes / 1024 ** 3).toFixed(2)} GiB (${FILES} files, ${(unpackedBytes / 1024 ** 3).toFixed(1)} GiB unpacked), ${ROUNDS} rounds`,
  );
  console.log('| measure | median (rounds) | MB/s unpacked | ratio to unzip | target |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| \`unzip -q\` (baseline) | ${median(theirs).toFixed(2)} s (${rounds(theirs)}) | ${mbps(median(theirs))} | 1.00 | |`,
  );
  console.log(
    `| \`unzip -q\` then \`sync\` | ${median(theirsSynced).toFixed(2)} s (${rounds(theirsSynced)}) | ${mbps(median(theirsSynced))} | ${(median(theirs) / median(theirsSynced)).toFixed(2)} | |`,
  );
  console.log(
    `| Sharebin \`POST fs/extract\`, to the job's end | ${median(ours).toFixed(2)} s (${rounds(ours)}) | ${mbps(median(ours))} | ${ratio.toFixed(2)} | >= 0.5 ${ratio >= 0.5 ? 'yes' : '**no**'} |`,
  );
  console.log(
    `Sharebin peak memory over idle (${idleMb.toFixed(0)} MB): ${peaks.map((mb) => mb.toFixed(1)).join(', ')} MB; load average at start ${loadAtStart.map((v) => v.toFixed(2)).join(' ')}, at end ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
