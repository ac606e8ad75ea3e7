// Tail latency (issue 8 §3b): the built server on a fresh SQLite data folder, `wrk -t2 -c64`
// against a trivial route of the same server (`GET /api/ready`, all middlewares and one
// query), counted views of a 2 KB paste and paste creations (POST from a wrk Lua script).
// Rounds alternate which target goes first. Each load is measured twice: by wrk, and by a
// closed-loop Node client with the same 64 connections (`bench/helpers/closed-loop.mjs`),
// because on a saturated 2-core machine wrk's own tail is not the server's (see bench/RESULTS.md).
// A probe preloaded into the server (`bench/probes/server-probe.mjs`) reports the event-loop delay
// and the time requests spend inside the server during each load. The same loads also go to a
// control server with no Sharebin code in it (`bench/helpers/control-server.mjs`).
// Run after `npm run build`: `node bench/suites/latency.mjs` (BENCH_ROUNDS, BENCH_SECONDS;
// BENCH_ENTRY runs another build of the server).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  closedLoop,
  freshDataDir,
  median,
  root,
  serverEntry,
  startServer,
  stop,
  waitForHealth,
  wrk,
} from '../helpers/lib.mjs';

// Ports come from the environment, so that runs on a shared host do not collide.
const PORT = Number(process.env.LATENCY_BENCH_PORT ?? 8994);
const CONTROL_PORT = Number(process.env.LATENCY_BENCH_CONTROL_PORT ?? 8995);
/** CPU burnt per request by the control server: about what a paste creation costs here. */
const CONTROL_CPU_MICROS = Number(process.env.BENCH_CONTROL_CPU_MICROS ?? 800);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const base = `http://127.0.0.1:${PORT}`;

if (!existsSync(serverEntry)) throw new Error('build the server first: npm run build');
const dataDir = freshDataDir();
const probeFile = path.join(dataDir, 'probe.json');
const server = startServer({
  port: PORT,
  dataDir,
  // The default log level: one log line per request is part of every request's cost.
  env: { BENCH_PROBE_FILE: probeFile, LOG_LEVEL: 'info' },
  nodeArgs: ['--import', path.join(root, 'bench/probes/server-probe.mjs')],
  entry: process.env.BENCH_ENTRY ? path.resolve(process.env.BENCH_ENTRY) : serverEntry,
});
const controlProbeFile = path.join(dataDir, 'control-probe.json');
const control = spawn(
  process.execPath,
  [
    '--import',
    path.join(root, 'bench/probes/server-probe.mjs'),
    path.join(root, 'bench/helpers/control-server.mjs'),
    String(CONTROL_PORT),
    String(CONTROL_CPU_MICROS),
  ],
  { env: { ...process.env, BENCH_PROBE_FILE: controlProbeFile }, stdio: 'inherit' },
);
process.on('exit', () => {
  server.kill();
  control.kill();
});
await waitForHealth(PORT);
await waitForHealth(CONTROL_PORT);

/** A probe's figures since its previous call (it starts over on each signal). */
async function probe(child = server, file = probeFile) {
  rmSync(file, { force: true });
  child.kill('SIGUSR2');
  for (;;) {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const json = async (url, init) => (await fetch(url, init)).json();
const login = await json(`${base}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
});
const authorization = `Bearer ${login.data.token}`;
const content =
  `# Benchmark\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(36)}`.slice(
    0,
    2048,
  );
const paste = await json(`${base}/api/paste`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization },
  body: JSON.stringify({ content, slug: 'bench' }),
});
if (paste.code !== 201) throw new Error(JSON.stringify(paste));

const createBody = JSON.stringify({ content, remark: 'bench' });
const createHeaders = { 'Content-Type': 'application/json', Authorization: authorization };
const script = path.join(dataDir, 'create.lua');
writeFileSync(
  script,
  [
    'wrk.method = "POST"',
    `wrk.body = ${JSON.stringify(createBody)}`,
    ...Object.entries(createHeaders).map(([name, value]) => `wrk.headers["${name}"] = "${value}"`),
  ].join('\n'),
);

const targets = {
  bare: {
    wrk: (seconds) => wrk(`${base}/api/ready`, { seconds }),
    client: () => closedLoop(`${base}/api/ready`, { seconds: SECONDS }),
  },
  view: {
    wrk: (seconds) => wrk(`${base}/api/paste/bench`, { seconds }),
    client: () => closedLoop(`${base}/api/paste/bench`, { seconds: SECONDS }),
  },
  create: {
    wrk: (seconds) => wrk(`${base}/api/paste`, { seconds, script }),
    client: () =>
      closedLoop(`${base}/api/paste`, {
        seconds: SECONDS,
        method: 'POST',
        headers: createHeaders,
        body: createBody,
      }),
  },
};
// The control: the creations' load against a bare node:http server that burns a fixed CPU
// time per request (`bench/helpers/control-server.mjs`), to tell the load's own tail from the
// server's.
const controlUrl = `http://127.0.0.1:${CONTROL_PORT}/`;
targets.control = {
  wrk: (seconds) => wrk(controlUrl, { seconds, script }),
  client: () =>
    closedLoop(controlUrl, {
      seconds: SECONDS,
      method: 'POST',
      headers: createHeaders,
      body: createBody,
    }),
  probe: () => probe(control, controlProbeFile),
};
const names = Object.keys(targets);
const probeOf = (name) => targets[name].probe?.() ?? probe();

for (const name of names) targets[name].wrk(2);
await probe();
await probeOf('control');

const rounds = [];
for (let round = 0; round < ROUNDS; round++) {
  const order = names.map((_, i) => names[(i + round) % names.length]);
  const result = {};
  for (const name of order) {
    const byWrk = targets[name].wrk(SECONDS);
    const duringWrk = await probeOf(name);
    const byClient = targets[name].client();
    result[name] = { wrk: byWrk, client: byClient, duringWrk, duringClient: await probeOf(name) };
  }
  rounds.push(result);
}
const counted = (
  await json(`${base}/api/admin/pastes/${paste.data.id}`, { headers: { authorization } })
).data.views;
await stop(server);
await stop(control);
// The creations leave some 100 MB of pastes behind.
rmSync(dataDir, { recursive: true, force: true });

const round2 = (value) => Math.round(value * 100) / 100;
const med = (pick) => round2(median(rounds.map(pick)));
const summary = (tool) => ({
  viewP99OverBareP99: med((r) => r.view[tool].p99 / r.bare[tool].p99),
  viewP99OverBareP99PerRound: rounds.map((r) => round2(r.view[tool].p99 / r.bare[tool].p99)),
  creationP99Ms: med((r) => r.create[tool].p99),
  creationP99MsPerRound: rounds.map((r) => r.create[tool].p99),
  creationP99OverControlP99: med((r) => r.create[tool].p99 / r.control[tool].p99),
  ...Object.fromEntries(
    names.map((name) => [
      name,
      {
        rps: med((r) => r[name][tool].rps),
        p50Ms: med((r) => r[name][tool].p50),
        p90Ms: med((r) => r[name][tool].p90),
        p99Ms: med((r) => r[name][tool].p99),
        non2xx: rounds.reduce((n, r) => n + r[name][tool].non2xx, 0),
        ...(tool === 'wrk'
          ? { timeouts: rounds.reduce((n, r) => n + r[name].wrk.timeouts, 0) }
          : {
              p99WithWrkCorrectionMs: med((r) => r[name].client.p99WithWrkCorrection),
              maxMs: Math.max(...rounds.map((r) => r[name].client.maxMs)),
              firstRequestMaxMs: Math.max(...rounds.map((r) => r[name].client.firstRequestMaxMs)),
            }),
      },
    ]),
  ),
});
const serverSide = (key) =>
  Object.fromEntries(
    names.map((name) => [
      name,
      {
        loopDelayMaxMs: Math.max(...rounds.map((r) => r[name][key].loopDelayMaxMs)),
        inServerP99Ms: med((r) => r[name][key].inServerP99Ms),
        inServerMaxMs: Math.max(...rounds.map((r) => r[name][key].inServerMaxMs)),
      },
    ]),
  );

console.log(
  JSON.stringify(
    {
      rounds: ROUNDS,
      secondsPerLoad: SECONDS,
      wrk: summary('wrk'),
      closedLoopClient: summary('client'),
      serverDuringWrk: serverSide('duringWrk'),
      serverDuringClient: serverSide('duringClient'),
      viewsCounted: counted,
    },
    null,
    2,
  ),
);
