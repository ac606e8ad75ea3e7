// Helpers shared by the benchmarks: start the built server, wait for it, run wrk.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverEntry = path.join(root, 'apps/server/dist/main.js');

export const freshDataDir = () => mkdtempSync(path.join(tmpdir(), 'sharebin-bench-'));

/**
 * Node options of every bench server: those `npm start` runs the server with (the options of
 * package.json's start script), so that a bench measures the server as shipped, then
 * BENCH_SERVER_NODE_ARGS, which come later and so win (a V8 option set to 0 is V8's default).
 */
export function serverNodeArgs() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const shipped = scripts.start.split(' ').filter((word) => word.startsWith('--'));
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return [...shipped, ...extra];
}

/**
 * `nodeArgs` go before the entry point (`--import` a probe, `--cpu-prof`); `entry` another build.
 * @param {{ port: number, dataDir: string, env?: Record<string, string>, nodeArgs?: string[], entry?: string }} options
 */
export function startServer({ port, dataDir, env = {}, nodeArgs = [], entry = serverEntry }) {
  const child = spawn(process.execPath, [...serverNodeArgs(), ...nodeArgs, entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-password',
      ...env,
    },
    // BENCH_SERVER_STDOUT=<file> keeps what the server prints (a `--trace-gc` log).
    stdio: [
      'ignore',
      process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, 'a') : 'ignore',
      'inherit',
    ],
  });
  return child;
}

export async function waitForHealth(port, { intervalMs = 2, timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

export const residentMb = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

/**
 * The server's resident size once it has settled after a set-up: V8 hands the set-up's garbage
 * back in steps, seconds apart (a memory reducer on idle), so a figure taken 2 s after the
 * set-up swung from 115 to 170 MB between runs of the same bench. Waits until the size has not
 * fallen by more than 1 MB for `quietMs` (at most `timeoutMs`) and answers it.
 */
export async function settledResidentMb(pid, { quietMs = 20_000, timeoutMs = 90_000 } = {}) {
  const started = Date.now();
  let low = residentMb(pid);
  let lowSince = Date.now();
  while (Date.now() - lowSince < quietMs && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = residentMb(pid);
    if (now < low - 1) lowSince = Date.now();
    low = Math.min(low, now);
  }
  return residentMb(pid);
}

/** Runs wrk; returns requests per second and latency percentiles in ms. */
export function wrk(
  url,
  { threads = 2, connections = 64, seconds = 5, headers = {}, script } = {},
) {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency'];
  if (script) args.push('-s', script);
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const out = spawnSync('wrk', [...args, url], { encoding: 'utf8' });
  if (out.status !== 0 || !/Requests\/sec/.test(out.stdout))
    throw new Error(`wrk failed: ${out.stderr}${out.stdout}`);
  const toMs = (text) => {
    const [, value, unit] = /([\d.]+)(us|ms|s|m)/.exec(text) ?? [];
    return Number(value) * { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit];
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out.stdout)?.[1] ?? 0);
  // Requests still unanswered after wrk's 2 s timeout are left out of its percentiles.
  const timeouts = Number(/timeout (\d+)/.exec(out.stdout)?.[1] ?? 0);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out.stdout)[1]),
    p50: toMs(/^\s*50%\s+(\S+)/m.exec(out.stdout)[1]),
    p90: toMs(/^\s*90%\s+(\S+)/m.exec(out.stdout)[1]),
    p99: toMs(/^\s*99%\s+(\S+)/m.exec(out.stdout)[1]),
    non2xx,
    timeouts,
  };
}

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The same load from `bench/helpers/closed-loop.mjs` in a process of its own: a second measure of
 * the latency percentiles, taken from the client's side like wrk's.
 */
export function closedLoop(url, options = {}) {
  const out = spawnSync(
    process.execPath,
    [path.join(root, 'bench/helpers/closed-loop.mjs'), JSON.stringify({ url, ...options })],
    { encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(`closed-loop client failed: ${out.stderr}`);
  return JSON.parse(out.stdout);
}
