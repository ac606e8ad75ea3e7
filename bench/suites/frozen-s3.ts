// A frozen S3 (issue 27, "Hardening II", Faults 1): a TCP server that accepts connections and
// never answers a byte stands in for the storage of a mount. The server runs from source with
// its default STORAGE_TIMEOUT (10 s, or FROZEN_S3_BENCH_TIMEOUT=<duration>); the bench times
// listings of the mount through the API (`GET /api/admin/fs/list`) and WebDAV (`PROPFIND`,
// Depth 1): each must answer 504 in about one timeout (target < 15 s; before the fix, three SDK
// attempts of 30 s each took 99 s). Baselines of the same run: the configured timeout itself
// (the ratio) and the same listing of a storage that refuses connections (a port nothing
// listens on), which must fail at once with 502.
// Run: `node --import tsx bench/suites/frozen-s3.ts` (about a minute). Ports: FROZEN_S3_BENCH_PORT
// (server, default 39451), FROZEN_S3_BENCH_STORAGE_PORT (the frozen storage, default any free one);
// FROZEN_S3_BENCH_ROUNDS listings of each kind (default 3).

import net from 'node:net';
import { adminApi, adminToken, startSourceServer } from '../helpers/admin-api';
import { freshDataDir, median, stop } from '../helpers/lib.mjs';

const PORT = Number(process.env.FROZEN_S3_BENCH_PORT ?? 39_451);
const STORAGE_PORT = Number(process.env.FROZEN_S3_BENCH_STORAGE_PORT ?? 0);
const ROUNDS = Number(process.env.FROZEN_S3_BENCH_ROUNDS ?? 3);
const TIMEOUT = process.env.FROZEN_S3_BENCH_TIMEOUT ?? '10s';
const TARGET_MS = 15_000;
const base = `http://127.0.0.1:${PORT}`;

const frozenSockets = new Set<net.Socket>();
const frozen = net.createServer((socket) => {
  frozenSockets.add(socket);
  socket.on('error', () => {});
  socket.on('close', () => frozenSockets.delete(socket));
});
await new Promise<void>((resolve) => frozen.listen(STORAGE_PORT, '127.0.0.1', resolve));
const frozenPort = (frozen.address() as net.AddressInfo).port;
// A port that was free a moment ago: connections to it are refused.
const closed = net.createServer();
await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
const refusedPort = (closed.address() as net.AddressInfo).port;
await new Promise((resolve) => closed.close(resolve));

process.env.STORAGE_TIMEOUT = TIMEOUT;
const server = await startSourceServer(PORT, freshDataDir());
const api = adminApi(PORT);
const token = await adminToken(api);

async function mountS3(name: string, port: number) {
  const storage = await api<{ id: string }>('POST', '/api/s3-configs', token, {
    storage_type: 's3',
    provider: 'minio',
    name,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket: 'bench',
    access_key_id: 'bench-key',
    secret_access_key: 'bench-secret-key',
    path_style: true,
  });
  await api('POST', '/api/admin/mounts', token, {
    name,
    storage_type: 's3',
    storage_config_id: storage.id,
    mount_path: `/${name}`,
  });
}
await mountS3('frozen', frozenPort);
await mountS3('refused', refusedPort);

/** One listing; answers its status and how long the answer took to come whole. */
async function timed(url: string, init: RequestInit) {
  const started = performance.now();
  const response = await fetch(base + url, {
    ...init,
    headers: { connection: 'close', ...init.headers },
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const apiList = (mount: string) =>
  timed(`/api/admin/fs/list?path=${encodeURIComponent(`/${mount}`)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
const davList = (mount: string) =>
  timed(`/dav/${mount}/`, {
    method: 'PROPFIND',
    headers: {
      authorization: `Basic ${Buffer.from('admin:bench-password').toString('base64')}`,
      depth: '1',
    },
  });

const timeoutMs = (() => {
  const match = /^(\d+)\s*([smhd]?)$/.exec(TIMEOUT.trim());
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match?.[2] || 's'] ?? 1_000;
  return Number(match?.[1]) * unit;
})();

const rows = [];
for (const [transport, list] of [
  ['API fs/list', apiList],
  ['WebDAV PROPFIND', davList],
] as const) {
  for (const mount of ['frozen', 'refused']) {
    const answers = [];
    for (let i = 0; i < ROUNDS; i++) answers.push(await list(mount));
    const ms = answers.map((answer) => answer.ms);
    const worst = Math.max(...ms);
    rows.push({
      transport,
      storage: mount,
      statuses: [...new Set(answers.map((answer) => answer.status))].join(','),
      medianS: Number((median(ms) / 1000).toFixed(2)),
      worstS: Number((worst / 1000).toFixed(2)),
      ratioToTimeout: Number((median(ms) / timeoutMs).toFixed(2)),
      target: mount === 'frozen' ? (worst < TARGET_MS ? '✓ < 15 s' : '✗') : '',
    });
  }
}
console.table(rows);
console.log(JSON.stringify({ storageTimeout: TIMEOUT, rounds: ROUNDS, rows }));

await stop(server);
for (const socket of frozenSockets) socket.destroy();
await new Promise((resolve) => frozen.close(resolve));
