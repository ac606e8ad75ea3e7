// The JavaScript the home route loads at first, read from the build (no browser, no server):
// the entry script of dist/index.html with everything it imports statically, plus the home
// route's chunk (HomePage-*.js) with its own static imports (apps/web/scripts/app-shell.mjs,
// the same set the service worker precaches). Each file counts once; sizes are gzip level 9,
// as the build precompresses them. Dynamic imports (the editor, Mermaid, the service-worker
// registration…) are not counted: they load after the first paint or on demand.
// Run after `npm run build`: `node bench/suites/home-first-load-js.mjs [distDir]`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { homeFirstLoadScripts } from '../../apps/web/scripts/app-shell.mjs';
import { root } from '../helpers/lib.mjs';

const TARGET_KB = 300;
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));

const rows = homeFirstLoadScripts(dist).map((file) => {
  const bytes = readFileSync(path.join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
console.table(rows.map((row) => ({ file: row.file, rawKb: kb(row.raw), gzipKb: kb(row.gzip) })));
const gzipKb = kb(rows.reduce((sum, row) => sum + row.gzip, 0));
console.log(
  JSON.stringify({
    files: rows.length,
    gzipKb,
    targetKb: TARGET_KB,
    withinTarget: gzipKb < TARGET_KB,
  }),
);
