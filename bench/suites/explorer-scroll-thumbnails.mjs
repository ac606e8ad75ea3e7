// Issue 32 item 8, "Smooth at 10,000": the mount explorer scrolled to the end of a folder of
// 10,000 real images with thumbnails on, against a plain list of 10,000 rows of the same height
// scrolled the same way in the same run (ARCHITECTURE §5: ratios to a baseline).
//
// The built server (`npm run build`) serves the app and the real fs API over a local storage
// mounted at /photos holding 10,000 small PNGs (made once with sharp, kept in
// $TMPDIR/sharebin-bench-10000-images/ and hard-linked into each run's storage). In Chromium
// (1280×800), per round and in alternating order: the explorer's list view and grid view, and
// the plain list page, each scrolled from the top to the end
//   - by the mouse wheel (Playwright's `mouse.wheel`, 800 px a notch, sent back to back), and
//   - by a fast programmatic scroll (scrollTop + 1,000 px each animation frame).
// Reported per scroll: long tasks (PerformanceObserver 'longtask', all over 50 ms by definition:
// count and longest), frames over 50 ms (requestAnimationFrame deltas), mean and p95 frame, and
// for the explorer the thumbnails requested during the scroll and in the second after it (they
// must be asked only for rows that stayed in view, not for the 10,000).
// Target: no long task over 50 ms, frames over 50 ms at most 1.2× the plain list's.
// Run: `node bench/suites/explorer-scroll-thumbnails.mjs` (`EXPLORER_SCROLL_BENCH_PORT`, `ROUNDS`).
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { freshDataDir, median, startServer, stop, waitForHealth } from '../helpers/lib.mjs';

const PORT = Number(process.env.EXPLORER_SCROLL_BENCH_PORT ?? 8996);
const ROUNDS = Number(process.env.ROUNDS) || 3;
const COUNT = 10_000;
const base = `http://127.0.0.1:${PORT}`;

/** 10,000 small distinct PNGs, made once (a few seconds) and kept for the next runs. */
async function imageCache() {
  const dir = path.join(tmpdir(), `sharebin-bench-${COUNT}-images`);
  mkdirSync(dir, { recursive: true });
  const have = new Set(readdirSync(dir));
  const names = Array.from({ length: COUNT }, (_, i) => `image-${String(i).padStart(5, '0')}.png`);
  const missing = names.filter((name) => !have.has(name));
  for (let i = 0; i < missing.length; i += 64) {
    await Promise.all(
      missing.slice(i, i + 64).map((name) => {
        const n = Number(name.slice(6, 11));
        const background = { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 };
        return sharp({ create: { width: 96, height: 72, channels: 3, background } })
          .png()
          .toFile(path.join(dir, name));
      }),
    );
  }
  return { dir, names };
}

async function api(method, url, token, body) {
  const headers = { connection: 'close' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${JSON.stringify(answer)}`);
  return answer.data;
}

const images = await imageCache();
const dataDir = freshDataDir();
// `EXPLORER_SCROLL_WEB_DIST=<dir>`: another build of the web app (a before/after comparison).
const webDist = process.env.EXPLORER_SCROLL_WEB_DIST;
const server = startServer({ port: PORT, dataDir, env: webDist ? { WEB_DIST_DIR: webDist } : {} });
process.on('exit', () => server.kill());
await waitForHealth(PORT);
await new Promise((resolve) => setTimeout(resolve, 500));
// Another server answering on the port (ours could not listen): stop rather than measure it.
if (server.exitCode !== null)
  throw new Error(`the server exited (${server.exitCode}): port ${PORT} taken?`);
const { token } = await api('POST', '/api/admin/login', '', {
  username: 'admin',
  password: 'bench-password',
});
const config = await api('POST', '/api/s3-configs', token, {
  name: 'photos disk',
  storage_type: 'local',
});
const folder = path.join(dataDir, 'storage', config.id);
mkdirSync(folder, { recursive: true });
for (const name of images.names) {
  const from = path.join(images.dir, name);
  const to = path.join(folder, name);
  if (existsSync(to)) continue;
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}
await api('POST', '/api/admin/mounts', token, {
  name: 'photos',
  storage_type: 'local',
  storage_config_id: config.id,
  mount_path: '/photos',
});
const listing = await api('GET', `/api/admin/fs/list?path=${encodeURIComponent('/photos')}`, token);
if (listing.items.length !== COUNT) throw new Error(`listed ${listing.items.length} entries`);

/** The baseline: 10,000 plain rows of the explorer's list row height (44 px) in a scroller. */
const PLAIN = `<!doctype html><meta charset="utf-8"><title>plain list</title>
<style>body{margin:0;font:14px sans-serif}#s{height:100vh;overflow:auto}
.r{height:44px;display:flex;align-items:center;gap:8px;padding:0 12px;border-bottom:1px solid #ddd;box-sizing:border-box}
.i{width:22px;height:22px;background:#9ab}</style>
<div id="s" data-testid="entry-scroller">${Array.from(
  { length: COUNT },
  (_, i) =>
    `<div class="r" data-testid="entry-row"><span class="i"></span>image-${String(i).padStart(5, '0')}.png</div>`,
).join('')}</div>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
// No service worker: it would answer the plain list's navigation with the app's page.
const context = await browser.newContext({
  viewport: { width: 1280, height: 800 },
  serviceWorkers: 'block',
});
await context.addInitScript((value) => {
  window.localStorage.setItem('admin_token', value);
  // Long tasks from the page's start; the scroll keeps those inside its own window.
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}, token);
await context.route('**/fixture-plain-list', (route) =>
  route.fulfill({ contentType: 'text/html', body: PLAIN }),
);
const page = await context.newPage();
let thumbnailRequests = [];
page.on('request', (request) => {
  if (request.url().includes('/fs/thumbnail')) thumbnailRequests.push(request.url());
});

async function open(target) {
  if (target === 'plain') {
    await page.goto(`${base}/fixture-plain-list`);
  } else {
    await page.goto(`${base}/mount-explorer`);
    await page.evaluate((view) => window.localStorage.setItem('mount_explorer_view', view), target);
    await page.goto(`${base}/mount-explorer/photos`);
  }
  await page.locator('[data-testid="entry-scroller"] [data-testid="entry-row"]').first().waitFor();
  // Let the first screen's thumbnails come, then start from quiet.
  await page.waitForTimeout(1_500);
}

/** Starts recording frames in the page; `stopRecording` answers the figures. */
const startRecording = () =>
  page.evaluate(() => {
    const state = { deltas: [], last: null, on: true, start: performance.now(), maxRows: 0 };
    window.__frames = state;
    const step = (now) => {
      if (!state.on) return;
      if (state.last !== null) state.deltas.push(now - state.last);
      state.last = now;
      state.maxRows = Math.max(
        state.maxRows,
        document.querySelectorAll('[data-testid="entry-row"]').length,
      );
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });

const stopRecording = () =>
  page.evaluate(() => {
    const state = window.__frames;
    state.on = false;
    const end = performance.now();
    const tasks = window.__longTasks.filter(
      (task) => task.start >= state.start && task.start <= end,
    );
    const sorted = [...state.deltas].sort((a, b) => a - b);
    const round1 = (value) => Math.round(value * 10) / 10;
    return {
      seconds: round1((end - state.start) / 1000),
      frames: sorted.length,
      framesOver50: sorted.filter((delta) => delta > 50).length,
      meanFrameMs: round1(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
      p95FrameMs: round1(sorted[Math.floor(sorted.length * 0.95)] ?? 0),
      longTasks: tasks.length,
      longestTaskMs: Math.round(Math.max(0, ...tasks.map((task) => task.duration))),
      rowsInPage: state.maxRows,
    };
  });

const atEnd = () =>
  page.evaluate(() => {
    const s = document.querySelector('[data-testid="entry-scroller"]');
    return s.scrollTop + s.clientHeight >= s.scrollHeight - 2;
  });

async function wheelToEnd() {
  const box = await page.locator('[data-testid="entry-scroller"]').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + Math.min(box.height / 2, 300));
  const deadline = Date.now() + 120_000;
  for (let notch = 1; Date.now() < deadline; notch += 1) {
    await page.mouse.wheel(0, 800);
    if (notch % 10 === 0 && (await atEnd())) return true;
  }
  return false;
}

const programmaticToEnd = () =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const s = document.querySelector('[data-testid="entry-scroller"]');
        const started = performance.now();
        const step = () => {
          const end = s.scrollHeight - s.clientHeight;
          if (s.scrollTop >= end - 2 || performance.now() - started > 120_000) {
            resolve(s.scrollTop >= end - 2);
            return;
          }
          s.scrollTop = Math.min(end, s.scrollTop + 1_000);
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );

// `EXPLORER_SCROLL_PROFILE=dir`: a CPU profile of each explorer scroll (`<view>-<how>.cpuprofile`,
// for Chromium's DevTools), to find where a long task's time goes; it slows the page down.
const PROFILE_DIR = process.env.EXPLORER_SCROLL_PROFILE;
const cdp = PROFILE_DIR ? await context.newCDPSession(page) : null;

async function measure(target, how) {
  await open(target);
  thumbnailRequests = [];
  const profiling = cdp && target !== 'plain';
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  await startRecording();
  const reached = how === 'wheel' ? await wheelToEnd() : await programmaticToEnd();
  const figures = await stopRecording();
  if (profiling) {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(path.join(PROFILE_DIR, `${target}-${how}.cpuprofile`), JSON.stringify(profile));
  }
  const duringScroll = thumbnailRequests.length;
  await page.waitForTimeout(1_000);
  return {
    ...figures,
    reachedEnd: reached,
    thumbnailsDuringScroll: duringScroll,
    thumbnailsAfterSettling: thumbnailRequests.length,
    distinctThumbnails: new Set(thumbnailRequests).size,
  };
}

const TARGETS = ['list', 'grid', 'plain'];
const HOWS = ['wheel', 'programmatic'];
const runs = Object.fromEntries(TARGETS.flatMap((t) => HOWS.map((h) => [`${t}/${h}`, []])));
const loads = [loadavg()[0]];
// Warm-up, unmeasured: the first visit compiles the explorer's code.
await open('list');
for (let round = 0; round < ROUNDS; round += 1) {
  const order = round % 2 === 0 ? TARGETS : [...TARGETS].reverse();
  for (const target of order) {
    for (const how of HOWS) {
      const result = await measure(target, how);
      console.error(`round ${round + 1} ${target}/${how}: ${JSON.stringify(result)}`);
      runs[`${target}/${how}`].push(result);
    }
  }
  loads.push(loadavg()[0]);
}
await browser.close();
await stop(server);

const FIELDS = [
  'framesOver50',
  'longTasks',
  'longestTaskMs',
  'meanFrameMs',
  'p95FrameMs',
  'seconds',
  'thumbnailsDuringScroll',
  'thumbnailsAfterSettling',
];
const summary = { entries: COUNT, rounds: ROUNDS, loadAverage1m: loads.map((l) => l.toFixed(2)) };
for (const [key, list] of Object.entries(runs)) {
  summary[key] = Object.fromEntries(
    FIELDS.filter((field) => !key.startsWith('plain') || !field.startsWith('thumbnails')).map(
      (field) => [
        field,
        { median: median(list.map((r) => r[field])), runs: list.map((r) => r[field]) },
      ],
    ),
  );
  summary[key].rowsInPage = Math.max(...list.map((r) => r.rowsInPage));
  summary[key].reachedEnd = list.every((r) => r.reachedEnd);
}
const ratio = (a, b) => (b === 0 ? (a === 0 ? 1 : `${a}/0`) : Math.round((a / b) * 100) / 100);
summary.ratios = {};
for (const view of ['list', 'grid']) {
  for (const how of HOWS) {
    const e = summary[`${view}/${how}`];
    const p = summary[`plain/${how}`];
    summary.ratios[`${view}/${how} vs plain`] = {
      framesOver50: ratio(e.framesOver50.median, p.framesOver50.median),
      meanFrame: ratio(e.meanFrameMs.median, p.meanFrameMs.median),
      p95Frame: ratio(e.p95FrameMs.median, p.p95FrameMs.median),
    };
  }
}
summary.target = Object.fromEntries(
  ['list', 'grid'].flatMap((view) =>
    HOWS.map((how) => {
      const e = runs[`${view}/${how}`];
      const noLongTask = e.every((r) => r.longTasks === 0);
      const frames = summary.ratios[`${view}/${how} vs plain`].framesOver50;
      const framesOk =
        summary[`${view}/${how}`].framesOver50.median <=
        1.2 * summary[`plain/${how}`].framesOver50.median;
      return [
        `${view}/${how}`,
        { noLongTaskOver50: noLongTask, framesOver50Ratio: frames, framesOk },
      ];
    }),
  ),
);
console.log(JSON.stringify(summary, null, 2));
