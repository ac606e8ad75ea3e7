// Post-build: writes a Brotli (.br) and a gzip (.gz) variant beside each text asset of
// dist/, which the server sends to clients that accept them (apps/server/src/app/web-app.ts).
// Done once here, at the highest levels, instead of on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
/** Text formats; fonts other than TTF and images are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|map|svg|txt|webmanifest|ttf)$/i;
/** Below this, headers outweigh what compression saves. */
const MIN_BYTES = 1024;

const encoders = {
  '.br': (data) =>
    promisify(brotliCompress)(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  '.gz': (data) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION }),
};

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
const jobs = [];
for await (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  jobs.push(
    (async () => {
      const data = await readFile(file);
      if (data.length < MIN_BYTES) return;
      before += data.length;
      let smallest = data.length;
      for (const [suffix, encode] of Object.entries(encoders)) {
        const compressed = await encode(data);
        // A variant no smaller than the file would only cost disk and a header.
        if (compressed.length >= data.length) continue;
        await writeFile(file + suffix, compressed);
        smallest = Math.min(smallest, compressed.length);
      }
      after += smallest;
      count++;
    })(),
  );
}
await Promise.all(jobs);
const mb = (n) => `${(n / 1e6).toFixed(2)} MB`;
console.log(`precompressed ${count} files: ${mb(before)} → ${mb(after)}`);
