import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/server-process';
import { mountTmpfs } from './test/tmpfs';

const MAIN = path.join(__dirname, 'main.ts');

/** `main.ts` in a process of its own, as `npm start` runs it; collects what it prints. */
async function startMain(env: Record<string, string>) {
  const port = String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: port, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk) => {
    output.stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output.stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return { child, output, exited, port: Number(port), url };
}

describe('the server process at start', () => {
  const running: ChildProcess[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
  });

  it('refuses a read-only data folder with one line naming the path and the problem', async (context) => {
    const readOnly = mountTmpfs({ sizeBytes: 1024 * 1024, readOnly: true });
    if (typeof readOnly === 'string') return context.skip(readOnly);
    try {
      const dataDir = path.join(readOnly.path, 'data');
      const { child, output, exited } = await startMain({ DATA_DIR: dataDir });
      running.push(child);
      expect(await exited).toBe(1);
      expect(output.stderr).toBe(
        `sharebin: DATA_DIR ${dataDir} cannot be used: it is on a read-only file system (EROFS). ` +
          'Point DATA_DIR at a writable folder or fix its permissions.\n',
      );
    } finally {
      readOnly.unmount();
    }
  });

  it('refuses another SECRET_KEY than the one the database was set up with', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sharebin-main-'));
    folders.push(dataDir);
    const first = await startMain({ DATA_DIR: dataDir, SECRET_KEY: 'a'.repeat(32) });
    running.push(first.child);
    await expect.poll(() => first.output.stdout, { timeout: 20_000 }).toContain('listening');
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await startMain({ DATA_DIR: dataDir, SECRET_KEY: 'b'.repeat(32) });
    running.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output.stderr).toMatch(
      /^sharebin: SECRET_KEY differs from the key this database/,
    );
    expect(second.output.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('waits SHUTDOWN_GRACE for requests in flight, then exits anyway', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sharebin-main-'));
    folders.push(dataDir);
    const main = await startMain({
      DATA_DIR: dataDir,
      SHUTDOWN_GRACE: '1s',
      ADMIN_PASSWORD: 'main-test-password',
    });
    running.push(main.child);
    await expect.poll(() => main.output.stdout, { timeout: 20_000 }).toContain('listening');
    const login = await fetch(`${main.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'main-test-password' }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    // A paste whose body never comes: a request in flight that will not end by itself. The
    // server's "100 Continue" tells that it has parsed the headers and is waiting for the body.
    const socket = connect(main.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    socket.write(
      `POST /api/paste HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    await expect.poll(() => received).toContain('100 Continue');
    const stopped = Date.now();
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(1);
    // The default grace is 10 s; 1 s was asked for.
    expect(Date.now() - stopped).toBeLessThan(5_000);
    expect(main.output.stdout).toContain('requests still open after the grace period');
    socket.destroy();
  });
});
