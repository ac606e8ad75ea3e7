import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/server-process';

const ROOT = path.resolve(__dirname, '../../..');
const ADMIN_PASSWORD = 'stop-test-password';

/** True when nothing listens on the port any more (the stopped server gave it back). */
async function portIsFree(port: number): Promise<boolean> {
  const probe = createNetServer();
  const free = await new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (free) {
    probe.close();
    await once(probe, 'close');
  }
  return free;
}

/**
 * `npm start` as an operator runs it (Docker's `CMD npm start`, systemd, pm2). WEB_DIST_DIR
 * points at an empty folder, so that only the server is built (once, by esbuild) and the
 * test does not wait for the web app's build.
 */
async function npmStart(dataDir: string, webDir: string) {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      ADMIN_PASSWORD,
      SHUTDOWN_GRACE: '60s',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, so that a failed test can end npm and whatever it started at once.
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({ code, signal }));
  await expect.poll(() => output, { timeout: 120_000, interval: 200 }).toContain('listening');
  return { child, port, exited, output: () => output };
}

/** The node process npm runs the server in (npm's shell gives way to it: `exec`). */
function serverPidOf(npm: ChildProcess): number {
  const children = execFileSync('pgrep', ['-P', String(npm.pid)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map(Number);
  expect(children).toHaveLength(1);
  return children[0] as number;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A login in flight: the server has its headers (it answered `100 Continue`) and half its
 * body; `finish()` sends the rest.
 */
async function halfSentLogin(port: number) {
  const body = JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD });
  const half = Math.floor(body.length / 2);
  const sent = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/admin/login',
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': String(body.length),
      Expect: '100-continue',
    },
  });
  const answered = once(sent, 'response').then(async ([response]) => {
    let text = '';
    for await (const chunk of response) text += chunk;
    return { status: response.statusCode as number, text };
  });
  sent.flushHeaders();
  await once(sent, 'continue');
  sent.write(body.slice(0, half));
  return {
    answered,
    finish: () => {
      sent.end(body.slice(half));
    },
  };
}

describe('a clean stop, whichever process of `npm start` gets the signal', () => {
  const running: ChildProcess[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    for (const child of running.splice(0)) {
      if (child.exitCode === null && child.pid) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
    }
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });

  async function started() {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sharebin-stop-'));
    const webDir = await mkdtemp(path.join(tmpdir(), 'sharebin-stop-web-'));
    folders.push(dataDir, webDir);
    const server = await npmStart(dataDir, webDir);
    running.push(server.child);
    return { ...server, dataDir };
  }

  async function expectStoppedCleanly(server: Awaited<ReturnType<typeof started>>) {
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"msg":"stopped"');
    expect(await portIsFree(server.port)).toBe(true);
    // SQLite's log was checkpointed: the database file alone holds everything.
    const wal = path.join(server.dataDir, 'sharebin.db-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  }

  it('SIGTERM to npm: the request in flight is answered, then node exits 0 and frees the port', {
    timeout: 180_000,
  }, async () => {
    const server = await started();
    const node = serverPidOf(server.child);
    const login = await halfSentLogin(server.port);

    server.child.kill('SIGTERM');
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('shutting down');
    // While it finishes the request in flight, the server takes no new connection.
    expect(await portIsFree(server.port)).toBe(true);
    login.finish();
    const answer = await login.answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).data.token).toEqual(expect.any(String));

    await expectStoppedCleanly(server);
    expect(isRunning(node)).toBe(false);
  });

  it('SIGINT to npm (Ctrl+C) stops it the same way', { timeout: 180_000 }, async () => {
    const server = await started();
    const node = serverPidOf(server.child);
    server.child.kill('SIGINT');
    await expectStoppedCleanly(server);
    expect(isRunning(node)).toBe(false);
  });

  it('SIGTERM to the node process (pm2, kill <pid>): npm follows with exit code 0', {
    timeout: 180_000,
  }, async () => {
    const server = await started();
    process.kill(serverPidOf(server.child), 'SIGTERM');
    await expectStoppedCleanly(server);
  });
});
