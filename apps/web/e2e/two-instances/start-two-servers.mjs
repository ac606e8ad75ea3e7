// Starts two server processes on one fresh PostgreSQL schema and one data folder, behind a
// round-robin proxy on PORT: every request goes to the other process than the one before.
// Answers carry `X-Sharebin-Instance: 1|2` so that tests can tell who served them.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverMain = fileURLToPath(new URL('../../../server/dist/main.js', import.meta.url));
const postgresUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';

const schema = `e2e_two_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-e2e-two-'));

async function onDatabase(statement) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A port nobody listens on now (the backends must not take another engineer's E2E port). */
async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

await onDatabase(`create schema ${schema}`);
const databaseUrl = new URL(postgresUrl);
databaseUrl.searchParams.set('options', `-c search_path=${schema}`);

const backendPorts = [await freePort(), await freePort()];
// One key for both, as every instance on one database needs (the start refuses otherwise).
const secretKey = process.env.SECRET_KEY ?? randomBytes(32).toString('base64url');
// Both start at once on the empty schema: the start-up race is part of what this set proves.
const backends = backendPorts.map((backendPort) =>
  spawn(process.execPath, [serverMain], {
    // stdout carries the JSON log, read below for the line that says the server listens.
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      PORT: String(backendPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      SECRET_KEY: secretKey,
      // Both see the client as the proxy; the proxy passes the real address on.
      TRUST_PROXY: 'true',
    },
  }),
);

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  proxy.close();
  await Promise.all(
    backends.map(
      (backend) =>
        new Promise((resolve) => {
          if (backend.exitCode !== null || backend.signalCode !== null) return resolve();
          backend.once('exit', resolve);
          backend.kill('SIGTERM');
        }),
    ),
  );
  rmSync(dataDir, { recursive: true, force: true });
  await onDatabase(`drop schema ${schema} cascade`).catch(() => {});
  process.exit(code);
}

for (const backend of backends) {
  backend.on('exit', (code) => {
    if (!stopping) {
      process.stderr.write(`two-instances: a server exited (${code}); stopping\n`);
      stop(1);
    }
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

const agent = new http.Agent({ keepAlive: true });
let next = 0;
const proxy = http.createServer((request, response) => {
  const instance = (next++ % 2) + 1;
  const upstream = http.request(
    {
      host: '127.0.0.1',
      port: backendPorts[instance - 1],
      method: request.method,
      path: request.url,
      headers: {
        ...request.headers,
        'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
      },
      agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, {
        ...answer.headers,
        'x-sharebin-instance': String(instance),
      });
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
});

/**
 * Resolves when the process logs that it listens (its start-up, migrations included, is done).
 * The log is read to its end, so the pipe never fills and stalls the server.
 */
function listening(backend) {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: backend.stdout });
    lines.on('line', (line) => {
      if (line.includes('"port"') && line.includes('listening on')) resolve();
    });
    lines.on('close', () => reject(new Error('a server closed its log before listening')));
  });
}

// The proxy listens only once both processes do, so that the first test finds both up.
await Promise.all(backends.map(listening));
proxy.listen(port, host);
