import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { overPostgres } from '../../test/cache-probe';
import { listenForClients } from '../../test/dav-kit';
import { adminWithDocsMount, ENGINE_DRIVER_CASES, useS3rver } from '../../test/fs-kit';
import { ADMIN, useTestServer } from '../../test/harness';
import { startRoundRobinProxy } from '../../test/round-robin-proxy';
import { startedWithMount, useTwoInstances } from '../../test/two-instances';
import type { DatabaseHandle } from '../shared/db';

/** litmus (Debian package `litmus`): `.ci/run` installs it; a machine without it skips these. */
const HAS_LITMUS = spawnSync('litmus', ['--version']).error === undefined;
const SUITES = ['basic', 'copymove', 'props', 'locks', 'http'];

/** Runs every litmus suite against `url`; answers what it printed and its exit code. */
function runLitmus(url: string): Promise<{ code: number | null; output: string }> {
  // litmus writes its debug.log into the working folder.
  const cwd = mkdtempSync(path.join(tmpdir(), 'sharebin-litmus-'));
  return new Promise((resolve) => {
    const child = spawn('litmus', ['-k', url, ADMIN.username, ADMIN.password], { cwd });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** Every suite ran every test, none failed, none was skipped, nothing warned. */
function expectClean({ code, output }: { code: number | null; output: string }) {
  for (const suite of SUITES) {
    expect(output, output).toMatch(
      new RegExp(`summary for \`${suite}': of \\d+ tests run: (\\d+) passed, 0 failed\\. 100\\.0%`),
    );
  }
  expect(output, output).not.toMatch(/FAIL|WARNING|SKIPPED|skipped/);
  expect(code, output).toBe(0);
}

describe.runIf(HAS_LITMUS).each(ENGINE_DRIVER_CASES)(
  'litmus on %s over %s storage',
  (engine, driverKind) => {
    const t = useTestServer(engine);
    const s3rver = useS3rver();

    it('passes all five suites without a failure or a warning', async () => {
      await adminWithDocsMount(t, driverKind, s3rver);
      const listening = await listenForClients(t.server);
      try {
        expectClean(await runLitmus(`${listening.url}/dav/docs/`));
      } finally {
        await listening.close();
      }
    }, 180_000);
  },
);

describe.runIf(HAS_LITMUS && process.env.TEST_POSTGRES_URL)(
  'litmus against two instances behind one address',
  () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-litmus-two-'));
    // One data folder, as two boxes share one storage, and caches kept exact across them by
    // PostgreSQL's LISTEN/NOTIFY as in production: each request goes to the other instance.
    const instance = async (database: DatabaseHandle) => ({
      ...(await overPostgres(process.env.TEST_POSTGRES_URL as string)(database)),
      dataDir,
    });
    const t = useTwoInstances([instance, instance]);

    it('passes all five suites, every request alternating between the instances', async () => {
      const [a, b] = t.instances;
      // Listings cached on each instance: a write on one must show in a listing on the other.
      const { folder } = await startedWithMount(t.instances, { cache_ttl: 300 });
      const listeners = [await listenForClients(a.server), await listenForClients(b.server)];
      const proxy = await startRoundRobinProxy(listeners.map((l) => l.url));
      try {
        expectClean(await runLitmus(`${proxy.url}/dav${folder}/`));
      } finally {
        await proxy.close();
        for (const listener of listeners) await listener.close();
      }
    }, 180_000);
  },
);
