// Foundation benchmarks (issue 2): idle memory, start-up time, cost of API-key authentication.
// Run after `npm run build`: `node bench/suites/foundation.mjs`. Needs wrk.
import { spawn } from 'node:child_process';
import {
  freshDataDir,
  median,
  residentMb,
  startServer,
  stop,
  waitForHealth,
  wrk,
} from '../helpers/lib.mjs';

// Ports come from the environment, so that runs on a shared host do not collide.
const PORT = Number(process.env.FOUNDATION_BENCH_PORT ?? 8991);

async function startupMs(dataDir) {
  const started = performance.now();
  const child = startServer({ port: PORT, dataDir });
  await waitForHealth(PORT, { intervalMs: 1 });
  const elapsed = performance.now() - started;
  await stop(child);
  return elapsed;
}

/** Baseline: a bare `node:http` server answering one JSON line, same start-and-poll method. */
async function bareNodeStartupMs() {
  const started = performance.now();
  const child = spawn(process.execPath, [
    '-e',
    `require('node:http').createServer((q, s) => s.end('{"ok":true}')).listen(${PORT}, '127.0.0.1')`,
  ]);
  await waitForHealth(PORT, { intervalMs: 1 });
  const elapsed = performance.now() - started;
  await stop(child);
  return elapsed;
}

const dataDir = freshDataDir();
// First start creates and migrates the database; the figures are for an existing one.
await stop(
  await (async () => {
    const child = startServer({ port: PORT, dataDir });
    await waitForHealth(PORT);
    return child;
  })(),
);

const runs = 7;
const starts = [];
const bare = [];
for (let i = 0; i < runs; i++) {
  starts.push(await startupMs(dataDir));
  bare.push(await bareNodeStartupMs());
}

const server = startServer({ port: PORT, dataDir });
await waitForHealth(PORT);
await new Promise((resolve) => setTimeout(resolve, 3000));
const idleRss = residentMb(server.pid);

const base = `http://127.0.0.1:${PORT}/api`;
const login = await (
  await fetch(`${base}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
  })
).json();
const created = await (
  await fetch(`${base}/admin/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${login.data.token}` },
    body: JSON.stringify({ name: 'bench', text_permission: true }),
  })
).json();
const apiKey = created.data.key;

// The machine is noisy: alternate short rounds of both routes and keep the median ratio.
// The baseline is one query through every middleware: `/api/ready` (before issue 28 that was
// `/api/health`, which no longer queries the database).
wrk(`${base}/ready`, { seconds: 2 }); // warm-up
const rounds = [];
for (let round = 0; round < 5; round++) {
  const health = wrk(`${base}/ready`, { threads: 1, connections: 32, seconds: 3 });
  const auth = wrk(`${base}/test/api-key`, {
    threads: 1,
    connections: 32,
    seconds: 3,
    headers: { Authorization: `ApiKey ${apiKey}` },
  });
  rounds.push({ health, auth, ratio: auth.rps / health.rps });
}
const peakRss = residentMb(server.pid);
await stop(server);
const middle = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
const { health, auth } = middle;
const healthRps = health.rps;
const result = {
  idleRssMb: Math.round(idleRss * 10) / 10,
  rssAfterLoadMb: Math.round(peakRss * 10) / 10,
  startupMedianMs: Math.round(median(starts)),
  startupRunsMs: starts.map(Math.round),
  bareNodeStartupMedianMs: Math.round(median(bare)),
  healthRps: Math.round(healthRps),
  healthP99Ms: health.p99,
  apiKeyRps: Math.round(auth.rps),
  apiKeyP99Ms: auth.p99,
  apiKeyNon2xx: auth.non2xx,
  authRatio: Math.round(middle.ratio * 100) / 100,
  authRatioPerRound: rounds.map((r) => Math.round(r.ratio * 100) / 100),
};
console.log(JSON.stringify(result, null, 2));
