// Explorer thumbnails (issue 32 item 1), against a baseline of the same run:
//   1,000 thumbnails (256 px) made the first time        vs downloading the 1,000 originals
//   the same 1,000 again, from the cache                  vs the same downloads
// 8 requests at once; the server's peak resident memory over its idle size (target < 128 MB).
// When ffmpeg and pdftoppm are on the PATH, the same for video posters (30 MB videos, their
// index at the end) and PDF first pages.
// Run: `node --import tsx bench/suites/thumbnails.ts`; `THUMBNAILS_BENCH_PORT`, `THUMBNAILS_COUNT`
// (images), `THUMBNAILS_VIDEO_COUNT` (20), `THUMBNAILS_PDF_COUNT` (200).

import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { findProgram } from '../../apps/server/src/modules/fs/thumbnails/thumbnail-tools';
import { onePagePdf, writeVideo } from '../../apps/server/src/test/media-files';
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
const VIDEO_COUNT = Number(process.env.THUMBNAILS_VIDEO_COUNT ?? 20);
const PDF_COUNT = Number(process.env.THUMBNAILS_PDF_COUNT ?? 200);
const AT_ONCE = 8;
const base = `http://127.0.0.1:${PORT}`;

/** One kind of file: `count` copies of one file in the mount's folder `folder`. */
interface FileSet {
  title: string;
  folder: string;
  extension: string;
  count: number;
  /** Writes the file the copies are made of, and answers its size. */
  write: (file: string) => Promise<number>;
}

const dataDir = freshDataDir();
const server = await startSourceServer(PORT, dataDir);
const api = adminApi(PORT);
try {
  const token = await adminToken(api);
  const local = await localStorageFolder(api, token, dataDir, 'media disk');
  await api('POST', '/api/admin/mounts', token, {
    name: 'media',
    storage_type: 'local',
    storage_config_id: local.id,
    mount_path: '/media',
  });
  const headers = { authorization: `Bearer ${token}` };

  /** Every name through `url`, AT_ONCE at a time: seconds and bytes received. */
  async function all(names: string[], url: (name: string) => string) {
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

  async function measure(set: FileSet) {
    const folder = path.join(local.folder, set.folder);
    mkdirSync(folder, { recursive: true });
    const original = path.join(folder, `original.${set.extension}`);
    const fileBytes = await set.write(original);
    const names = Array.from(
      { length: set.count },
      (_, i) => `${set.folder}/file-${String(i).padStart(4, '0')}.${set.extension}`,
    );
    for (const name of names) copyFileSync(original, path.join(local.folder, name));
    const pathOf = (name: string) => encodeURIComponent(`/media/${name}`);
    const downloads = () =>
      all(names, (name) => `${base}/api/admin/fs/download?path=${pathOf(name)}`);
    const thumbnails = () =>
      all(names, (name) => `${base}/api/admin/fs/thumbnail?path=${pathOf(name)}&size=256`);

    await downloads(); // the page cache and the listing, for both sides
    const idleMb = await settledResidentMb(server.pid as number, { quietMs: 3_000 });
    const direct = await downloads();
    const first = await withPeakMemory(server.pid as number, thumbnails);
    const cached = await withPeakMemory(server.pid as number, thumbnails);
    const directAgain = await downloads();
    const directSeconds = (direct.seconds + directAgain.seconds) / 2;

    const rate = (seconds: number) => (set.count / seconds).toFixed(1);
    const ratio = (seconds: number) => (directSeconds / seconds).toFixed(2);
    console.log(
      `\n### ${set.count} ${set.title} (${(fileBytes / 1024).toFixed(1)} KiB each), ${AT_ONCE} at once`,
    );
    console.log(
      '| measure | files/s | vs downloading the originals | peak over idle (MB) | target |',
    );
    console.log('|---|---|---|---|---|');
    console.log(`| downloads of the originals (baseline) | ${rate(directSeconds)} | 1.00 | | |`);
    console.log(
      `| thumbnails, first time (made) | ${rate(first.result.seconds)} | ${ratio(first.result.seconds)} | ${(first.peakMb - idleMb).toFixed(1)} | < 128 MB |`,
    );
    console.log(
      `| thumbnails, again (cached) | ${rate(cached.result.seconds)} | ${ratio(cached.result.seconds)} | ${(cached.peakMb - idleMb).toFixed(1)} | < 128 MB |`,
    );
    console.log(
      `thumbnail bytes: ${(first.result.bytes / set.count / 1024).toFixed(1)} KiB each; idle ${idleMb.toFixed(0)} MB; load average at end: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    );
  }

  await measure({
    title: 'JPEGs of 1,200 × 900',
    folder: 'photos',
    extension: 'jpg',
    count: COUNT,
    // Camera-like content (noise compresses as badly as a photo).
    async write(file) {
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
      writeFileSync(file, photo);
      return photo.length;
    },
  });
  if ((await findProgram('ffmpeg')) && (await findProgram('pdftoppm'))) {
    await measure({
      title: 'MP4 videos of 10 s, lossless noise, index at the end (ffmpeg)',
      folder: 'videos',
      extension: 'mp4',
      count: VIDEO_COUNT,
      async write(file) {
        writeVideo(file, { seconds: 10, noise: true });
        return statSync(file).size;
      },
    });
    await measure({
      title: 'one-page PDFs (pdftoppm)',
      folder: 'papers',
      extension: 'pdf',
      count: PDF_COUNT,
      async write(file) {
        const pdf = onePagePdf(595, 842);
        writeFileSync(file, pdf);
        return pdf.length;
      },
    });
  } else console.log('\nffmpeg or pdftoppm not on the PATH: no video or PDF thumbnails measured');
} finally {
  await stop(server);
}
