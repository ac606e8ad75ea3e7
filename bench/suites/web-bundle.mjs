// First-load JavaScript of the home route: loads `/` in Chromium against the built server,
// records every script it fetches until the network is idle, and sums their gzip sizes.
// Run after `npm run build`: `node bench/suites/web-bundle.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { freshDataDir, root, startServer, stop, waitForHealth } from '../helpers/lib.mjs';

// The port comes from WEB_BUNDLE_BENCH_PORT, so that the bench runs beside other servers.
const PORT = Number(process.env.WEB_BUNDLE_BENCH_PORT) || 8993;
const HEAVY = /mermaid|katex|docx|html-to-image|highlight/i;

const server = startServer({ port: PORT, dataDir: freshDataDir() });
process.on('exit', () => server.kill());
await waitForHealth(PORT);

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();
const scripts = new Set(); // in request order
page.on('request', (request) => {
  if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
});
await page.goto(`http://127.0.0.1:${PORT}/`, { waitUntil: 'networkidle' });
await browser.close();
await stop(server);

const dist = path.join(root, 'apps/web/dist');
const files = [...scripts].map((file) => {
  const bytes = readFileSync(path.join(dist, file));
  return { file, rawKb: bytes.length / 1024, gzipKb: gzipSync(bytes, { level: 9 }).length / 1024 };
});
const round = (value) => Math.round(value * 10) / 10;
const sum = (list) => round(list.reduce((total, f) => total + f.gzipKb, 0));
// The editor (CodeMirror) is a lazy chunk requested once the page has rendered: what comes
// before it is what the first paint needs.
const editorIndex = files.findIndex((f) => /CodeEditor/.test(f.file));
const beforeEditor = editorIndex === -1 ? files : files.slice(0, editorIndex);
console.log(
  JSON.stringify(
    {
      homeFirstLoadGzipKb: sum(beforeEditor),
      homeWithLazyEditorGzipKb: sum(files),
      homeWithLazyEditorRawKb: round(files.reduce((sum, f) => sum + f.rawKb, 0)),
      heavyChunksLoaded: files.filter((f) => HEAVY.test(f.file)).map((f) => f.file),
      files: files
        .map((f) => ({ file: f.file, gzipKb: round(f.gzipKb) }))
        .sort((a, b) => b.gzipKb - a.gzipKb),
    },
    null,
    2,
  ),
);
