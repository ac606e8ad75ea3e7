// Explorer thumbnails (issue 32 item 1), against a baseline of the same run:
//   1,000 thumbnails (256 px) made the first time        vs downloading the 1,000 originals
//   the same 1,000 again, from the cache                  vs the same downloads
// 8 requests at once; the server's peak resident memory over its idle size (target < 128 MB).
// Run: `node --import tsx bench/suites/thumbnails.ts`; `THUMBNAILS_BENCH_PORT`, `THUMBNAILS_COUNT`.

import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  adminApi,
  adminToken,
  localStorageFolder,
  startSourceServer,
  withPeakMemory,
} from '../helpers/admin-api';
import { freshDataDir, settledResidentMb, stop } from '../helpers/lib.mjs';

const PORT = Number(process.env.THUMBNAILS_BENCH_PORT ?? 39_441);
const COUNT = Number(process.env.THUMBNAILS_COUNT ?? 1_000);
const AT_ONCE = 8;
const base = `http://127.0.0.1:${PORT}`;

const dataDir = freshDataDir();
const server = await startSourceServer(PORT, dataDir);
const api = adminApi(PORT);
try {
  const token = await adminToken(api);
  const local = await localStorageFolder(api, token, dataDir, 'photos disk');
  // Camera-like content (noise compresses as badly as a photo), 1,200 × 900.
  const photo = await sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const names = Array.from({ length: COUNT }, (_, i) => `photo-${String(i).padStart(4, '0')}.jpg`);
  for (const name of names) writeFileSync(path.join(local.folder, name), photo);
  await api('POST', '/api/admin/mounts', token, {
    name: 'photos',
    storage_type: 'local',
    storage_config_id: local.id,
    mount_path: '/photos',
  });
  const headers = { authorization: `Bearer ${token}` };
  const pathOf = (name: string) => encodeURIComponent(`/photos/${name}`);

  /** Every name through `url`, AT_ONCE at a time: seconds and bytes received. */
  async function all(url: (name: string) => string) {
    const queue = [...names];
    let bytes = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        for (let name = queue.shift(); name; name = queue.shift()) {
          const response = await fetch(url(name), { headers });
          if (!response.ok) throw new Error(`${name}: ${response.status}`);
          bytes += (await response.arrayBuffer()).byteLength;
        }
      }),
    );
    return { seconds: (performance.now() - started) / 1000, bytes };
  }
  const downloads = () => all((name) => `${base}/api/admin/fs/download?path=${pathOf(name)}`);
  const thumbnails = () =>
    all((name) => `${base}/api/admin/fs/thumbnail?path=${pathOf(name)}&size=256`);

  await downloads(); // the page cache and the listing, for both sides
  const idleMb = await settledResidentMb(server.pid as number, { quietMs: 3_000 });
  const direct = await downloads();
  const first = await withPeakMemory(server.pid as number, thumbnails);
  const cached = await withPeakMemory(server.pid as number, thumbnails);
  const directAgain = await downloads();
  const directSeconds = (direct.seconds + directAgain.seconds) / 2;

  const rate = (seconds: number) => (COUNT / seconds).toFixed(0);
  console.log(
    `\n### Thumbnails of ${COUNT} JPEGs of 1,200 × 900 (${(photo.length / 1024).toFixed(0)} KiB each), ${AT_ONCE} at once`,
  );
  console.log(
    '| measure | files/s | vs downloading the originals | peak over idle (MB) | target |',
  );
  console.log('|---|---|---|---|---|');
  console.log(`| downloads of the originals (baseline) | ${rate(directSeconds)} | 1.00 | | |`);
  console.log(
    `| thumbnails, first time (made) | ${rate(first.result.seconds)} | ${(directSeconds / first.result.seconds).toFixed(2)} | ${(first.peakMb - idleMb).toFixed(1)} | < 128 MB |`,
  );
  console.log(
    `| thumbnails, again (cached) | ${rate(cached.result.seconds)} | ${(directSeconds / cached.result.seconds).toFixed(2)} | ${(cached.peakMb - idleMb).toFixed(1)} | < 128 MB |`,
  );
  console.log(
    `thumbnail bytes: ${(first.result.bytes / COUNT / 1024).toFixed(1)} KiB each; idle ${idleMb.toFixed(0)} MB; load average at end: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
} finally {
  await stop(server);
}
