// CPU time the server spends per request (user + system, from /proc), for a creation, a view and
// the bare route, driven by the closed-loop client. Unlike latencies, CPU per request barely
// moves when other processes share the cores, so it compares two builds on a busy machine.
// `node bench/probes/cpu-per-request.mjs [entry.js …]` (default: the built server); BENCH_SECONDS,
// BENCH_ROUNDS. With several entries, rounds alternate between them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as bench from '../helpers/lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const entries = process.argv.slice(2).map((entry) => path.resolve(entry));
if (entries.length === 0) entries.push(bench.serverEntry);
const TICKS_PER_SECOND = 100;

/** User + system CPU of a process in microseconds (fields 14 and 15 of /proc/<pid>/stat). */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1e6;
}

async function measure(entry, port) {
  const dataDir = bench.freshDataDir();
  const server = bench.startServer({ port, dataDir, env: { LOG_LEVEL: 'info' }, entry });
  await bench.waitForHealth(port);
  const base = `http://127.0.0.1:${port}`;
  const post = async (url, body, headers = {}) =>
    (
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    ).json();
  const login = await post(`${base}/api/admin/login`, {
    username: 'admin',
    password: 'bench-password',
  });
  const authorization = `Bearer ${login.data.token}`;
  const content = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '
    .repeat(36)
    .slice(0, 2048);
  await post(`${base}/api/paste`, { content, slug: 'bench' }, { authorization });
  // The bare route last: the first load also pays for the JIT warming up.
  const loads = {
    view: { url: `${base}/api/paste/bench` },
    create: {
      url: `${base}/api/paste`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: authorization },
      body: JSON.stringify({ content, remark: 'bench' }),
    },
    bare: { url: `${base}/api/ready` },
  };
  const result = {};
  for (const [name, load] of Object.entries(loads)) {
    bench.closedLoop(load.url, { ...load, seconds: 2 }); // warm-up
    const before = cpuMicros(server.pid);
    const run = bench.closedLoop(load.url, { ...load, seconds: SECONDS });
    const requests = run.requests;
    result[name] = {
      cpuMicrosPerRequest: Math.round((cpuMicros(server.pid) - before) / requests),
      rps: run.rps,
      p99Ms: run.p99,
    };
  }
  await bench.stop(server);
  return result;
}

const results = entries.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < entries.length; i++) {
    const index = (i + round) % entries.length;
    results[index].push(await measure(entries[index], 8996 + index));
  }
}
const summary = entries.map((entry, i) => ({
  entry: path.relative(bench.root, entry),
  ...Object.fromEntries(
    ['bare', 'view', 'create'].map((name) => [
      name,
      {
        cpuMicrosPerRequest: bench.median(results[i].map((r) => r[name].cpuMicrosPerRequest)),
        perRound: results[i].map((r) => r[name].cpuMicrosPerRequest),
        rps: bench.median(results[i].map((r) => r[name].rps)),
      },
    ]),
  ),
}));
console.log(JSON.stringify(summary, null, 2));
