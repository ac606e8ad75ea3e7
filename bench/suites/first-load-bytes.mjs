// Bytes transferred for a first visit (empty cache) of the home page and of paste views, in
// Chromium against the built server: every response's encoded body plus its headers, as the
// browser counted them, until the network is idle. Measured twice in the same run: with
// `Accept-Encoding: identity` (what every visit cost before compression) and with the
// browser's own Accept-Encoding. Run after `npm run build`:
// `node bench/suites/first-load-bytes.mjs`.
import { chromium } from '@playwright/test';
import { freshDataDir, startServer, stop, waitForHealth } from '../helpers/lib.mjs';

// Ports come from the environment, so that runs on a shared host do not collide.
const PORT = Number(process.env.FIRST_LOAD_BENCH_PORT ?? 8994);
const base = `http://127.0.0.1:${PORT}`;

const server = startServer({ port: PORT, dataDir: freshDataDir() });
process.on('exit', () => server.kill());
await waitForHealth(PORT);

const login = await (
  await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
  })
).json();
const auth = { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` };
async function createPaste(slug, content) {
  const response = await fetch(`${base}/api/paste`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ content, slug }),
  });
  if (response.status !== 201) throw new Error(await response.text());
}
await createPaste(
  'bench-text',
  `# Notes\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(30)}\n\n` +
    '```js\nconst answer = 42;\nconsole.log(answer);\n```\n',
);
await createPaste(
  'bench-rich',
  '# Maths and a diagram\n\nEuler: $e^{i\\pi} + 1 = 0$\n\n```mermaid\nflowchart LR\n  Draft --> Review --> Publish\n```\n',
);

const PAGES = [
  { name: 'home (/)', path: '/', ready: (page) => page.locator('.cm-editor').waitFor() },
  {
    name: 'paste view, text and code',
    path: '/paste/bench-text',
    ready: (page) => page.getByRole('heading', { name: 'Notes' }).waitFor(),
  },
  {
    name: 'paste view, math and Mermaid',
    path: '/paste/bench-rich',
    ready: async (page) => {
      await page.getByTestId('paste-content').locator('.katex').first().waitFor();
      await page.getByTestId('paste-content').locator('.sb-diagram svg').waitFor();
    },
  },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** One first visit in a fresh context (empty cache): bytes on the wire and request count. */
async function firstLoad(path, ready, identity) {
  const context = await browser.newContext({
    extraHTTPHeaders: identity ? { 'accept-encoding': 'identity' } : {},
  });
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));
  await page.goto(base + path, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  let bytes = 0;
  let encoded = 0;
  for (const request of finished) {
    const sizes = await request.sizes();
    bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    const response = await request.response();
    if (response && (await response.headerValue('content-encoding'))) encoded++;
  }
  await context.close();
  return { bytes, requests: finished.length, encoded };
}

const mb = (bytes) => Math.round((bytes / 1e6) * 1000) / 1000;
const results = [];
for (const { name, path, ready } of PAGES) {
  const before = await firstLoad(path, ready, true);
  const after = await firstLoad(path, ready, false);
  if (before.encoded !== 0) throw new Error(`${name}: identity run got compressed answers`);
  results.push({
    page: name,
    requests: after.requests,
    identityMB: mb(before.bytes),
    compressedMB: mb(after.bytes),
    compressedResponses: after.encoded,
    ratio: Math.round((after.bytes / before.bytes) * 1000) / 1000,
  });
}
await browser.close();
await stop(server);
console.log(JSON.stringify(results, null, 2));
