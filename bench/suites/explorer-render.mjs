// The mount explorer rendering a 10,000-entry folder in Chromium, against a 100-entry folder
// measured the same way in the same run (ARCHITECTURE §5: ratios to a baseline).
//
// It measures rendering only: the built server serves the app and the admin login, and the
// listings come from `page.route` fixtures (bench/helpers/explorer-fixtures.mjs, shaped as the
// shared `FsListing`), so the figures do not depend on a storage or on the fs API's speed.
//
// Per folder, alternating rounds: time from the click on the folder to its first rows painted
// (in-app navigation), time from a cold page load to the first rows, and a scripted scroll of
// 240 animation frames (about 4 s, 200 px a frame, wrapping at the end) in the list and in the
// grid view, reporting frames over 25 ms ("dropped": a 60 Hz frame missed), the longest frame,
// the 95th percentile and the rows in the page (what the virtual list keeps mounted). The same
// 240 frames on a blank page give the machine's floor: on a loaded machine no page gets 60 Hz.
// Run after `npm run build`: `node bench/suites/explorer-render.mjs`.
import { chromium } from '@playwright/test';
import { envelope, folderListing, rootListing } from '../helpers/explorer-fixtures.mjs';
import { freshDataDir, median, startServer, stop, waitForHealth } from '../helpers/lib.mjs';

// Ports come from the environment, so that runs on a shared host do not collide.
const PORT = Number(process.env.EXPLORER_RENDER_BENCH_PORT ?? 8995);
const ROUNDS = Number(process.env.ROUNDS) || 3;
const FOLDERS = {
  big: folderListing('/bench/big', 10_000, 'big '),
  small: folderListing('/bench/small', 100, 'small '),
};
const BENCH = {
  ...folderListing('/bench', 0),
  items: rootListing(['big', 'small']).items.map((item) => ({
    ...item,
    path: `/bench${item.path}`,
    is_mount: false,
    mount_id: 'mount-1',
  })),
};
BENCH.is_virtual = false;

const server = startServer({ port: PORT, dataDir: freshDataDir() });
process.on('exit', () => server.kill());
await waitForHealth(PORT);
const base = `http://127.0.0.1:${PORT}`;
const login = await fetch(`${base}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
});
const token = (await login.json()).data.token;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await context.addInitScript((value) => {
  window.localStorage.setItem('admin_token', value);
  window.localStorage.setItem('mount_explorer_view', 'list');
}, token);
await context.route('**/api/admin/fs/list?*', (route) => {
  const path = new URL(route.request().url()).searchParams.get('path');
  const listing = path === '/bench' ? BENCH : path === '/bench/big' ? FOLDERS.big : FOLDERS.small;
  return route.fulfill({ contentType: 'application/json', body: envelope(listing) });
});
await context.route('**/fixture-blank', (route) =>
  route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
);
const page = await context.newPage();

const firstRowSelector = (name) => `[data-testid="entry-row"][data-name="${name} folder 1"]`;

/** Click on the folder in /bench → its first row painted (the frame after it is in the DOM). */
async function inAppFirstRows(name) {
  await page.goto(`${base}/mount-explorer/bench`);
  await page.locator(`[data-testid="entry-row"][data-name="${name}"]`).waitFor();
  return page.evaluate(
    ({ name, selector }) =>
      new Promise((resolve) => {
        const row = document.querySelector(
          `[data-testid="entry-row"][data-name="${name}"] [class*="name"]`,
        );
        const start = performance.now();
        row.click();
        const poll = () => {
          if (document.querySelector(selector)) {
            requestAnimationFrame(() => resolve(performance.now() - start));
          } else requestAnimationFrame(poll);
        };
        poll();
      }),
    { name, selector: firstRowSelector(name) },
  );
}

/** A fresh page load of the folder → first rows (navigation start to the row in the DOM). */
async function coldFirstRows(name) {
  await page.goto('about:blank');
  await page.goto(`${base}/mount-explorer/bench/${name}`);
  await page.locator(firstRowSelector(name)).waitFor();
  return page.evaluate(() => performance.now());
}

/**
 * 240 frames of a page, scrolling the explorer's pane when there is one. On a blank page it
 * measures what the machine gives any page (the floor the explorer's figures stand on).
 */
async function scroll(name, view) {
  if (name === 'blank') {
    await page.goto(`${base}/fixture-blank`);
  } else {
    await page.evaluate((value) => window.localStorage.setItem('mount_explorer_view', value), view);
    await page.goto(`${base}/mount-explorer/bench/${name}`);
    await page.locator(firstRowSelector(name)).waitFor();
  }
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const scroller = document.querySelector('[data-testid="entry-scroller"]') ?? {
          scrollTop: 0,
          scrollHeight: 0,
          clientHeight: 0,
        };
        const deltas = [];
        let maxRows = 0;
        let last = null;
        let frames = 0;
        const step = (now) => {
          if (last !== null) deltas.push(now - last);
          last = now;
          maxRows = Math.max(
            maxRows,
            document.querySelectorAll('[data-testid="entry-row"]').length,
          );
          const end = scroller.scrollHeight - scroller.clientHeight;
          scroller.scrollTop = scroller.scrollTop + 200 >= end ? 0 : scroller.scrollTop + 200;
          frames += 1;
          if (frames < 240) requestAnimationFrame(step);
          else {
            const sorted = [...deltas].sort((a, b) => a - b);
            resolve({
              dropped: deltas.filter((delta) => delta > 25).length,
              longestMs: Math.round(sorted[sorted.length - 1]),
              p95Ms: Math.round(sorted[Math.floor(sorted.length * 0.95)] * 10) / 10,
              meanMs: Math.round((deltas.reduce((a, b) => a + b, 0) / deltas.length) * 10) / 10,
              rowsInPage: maxRows,
            });
          }
        };
        requestAnimationFrame(step);
      }),
  );
}

const blank = [];
const results = {
  big: { inApp: [], cold: [], list: [], grid: [] },
  small: { inApp: [], cold: [], list: [], grid: [] },
};
// One warm-up of each, unmeasured: the first visit compiles the explorer's code.
await inAppFirstRows('small');
await inAppFirstRows('big');
for (let round = 0; round < ROUNDS; round += 1) {
  for (const name of round % 2 === 0 ? ['big', 'small'] : ['small', 'big']) {
    console.error(`round ${round + 1}: ${name}`);
    if (name === 'big') blank.push(await scroll('blank'));
    results[name].inApp.push(await inAppFirstRows(name));
    results[name].cold.push(await coldFirstRows(name));
    results[name].list.push(await scroll(name, 'list'));
    results[name].grid.push(await scroll(name, 'grid'));
  }
}
await browser.close();
await stop(server);

const ms = (value) => Math.round(value);
const pickScroll = (runs) =>
  runs.sort((a, b) => a.dropped - b.dropped)[Math.floor(runs.length / 2)];
const summary = {};
for (const name of ['big', 'small']) {
  const r = results[name];
  summary[name] = {
    entries: FOLDERS[name].items.length,
    inAppFirstRowsMs: { median: ms(median(r.inApp)), runs: r.inApp.map(ms) },
    coldLoadFirstRowsMs: { median: ms(median(r.cold)), runs: r.cold.map(ms) },
    listScroll240Frames: pickScroll(r.list),
    gridScroll240Frames: pickScroll(r.grid),
  };
}
summary.blankPage240Frames = pickScroll(blank);
summary.ratios = {
  inAppFirstRows:
    Math.round(
      (summary.big.inAppFirstRowsMs.median / summary.small.inAppFirstRowsMs.median) * 100,
    ) / 100,
  coldLoadFirstRows:
    Math.round(
      (summary.big.coldLoadFirstRowsMs.median / summary.small.coldLoadFirstRowsMs.median) * 100,
    ) / 100,
};
console.log(JSON.stringify(summary, null, 2));
