import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer } from '../../app/create-server';
import { migrateToLatest } from '../../migrations';
import { createTestClock, createTestSchema, sendRequest, testServerDeps } from '../../test/harness';
import { terminateBackends } from '../../test/pg-admin';
import { startTcpProxy, throughProxy } from '../../test/tcp-proxy';
import type { DatabaseHandle } from './db';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL as string;

describe.runIf(POSTGRES_URL)('losing PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A migrated server over its own schema; `options` say how its pool connects. */
  async function serverOn(options: { connectionString?: string; applicationName?: string }) {
    const schema = await createTestSchema();
    cleanups.push(() => schema.drop());
    const brokenConnections: Error[] = [];
    const database: DatabaseHandle = schema.open({
      ...options,
      connectTimeoutMs: 500,
      onConnectionError: (error) => brokenConnections.push(error),
    });
    cleanups.push(() => database.db.destroy());
    await migrateToLatest(database);
    const server = createServer(testServerDeps({ db: database.db, clock: createTestClock() }));
    await server.useCases.auth.ensureAdmin({ username: 'admin', password: 'correct-horse' });
    const token = (await server.useCases.auth.login({
      username: 'admin',
      password: 'correct-horse',
      clientIp: '127.0.0.1',
    })) as { token: string };
    const created = await sendRequest<{ slug: string }>(
      server.app,
      'POST',
      '/api/paste',
      { content: 'still here' },
      { token: token.token },
    );
    expect(created.status).toBe(201);
    const viewPaste = () => sendRequest(server.app, 'GET', `/api/paste/${created.body.data.slug}`);
    return { server, brokenConnections, viewPaste };
  }

  it('survives its connections being terminated and serves the next requests', async () => {
    const applicationName = `sharebin_test_${randomBytes(4).toString('hex')}`;
    const { brokenConnections, viewPaste } = await serverOn({ applicationName });
    // Several idle connections in the pool, so that the termination hits idle ones.
    await Promise.all(Array.from({ length: 4 }, viewPaste));

    const terminated = await terminateBackends(POSTGRES_URL, applicationName);
    expect(terminated).toBeGreaterThan(0);

    // Each idle connection reports its end (57P01) to the handler instead of crashing us.
    await vi.waitFor(() => expect(brokenConnections.length).toBe(terminated));
    expect(brokenConnections.every((error) => (error as { code?: string }).code === '57P01')).toBe(
      true,
    );
    for (let i = 0; i < 3; i++) expect((await viewPaste()).status).toBe(200);
  });

  it('answers 503 database.unavailable during a network break and recovers after it', async () => {
    const target = new URL(POSTGRES_URL);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const { viewPaste } = await serverOn({
      connectionString: throughProxy(POSTGRES_URL, proxy.port),
    });
    expect((await viewPaste()).status).toBe(200);

    proxy.cut();
    for (let i = 0; i < 3; i++) {
      const refused = await viewPaste();
      expect(refused.status).toBe(503);
      expect(refused.body.error).toBe('database.unavailable');
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(JSON.stringify(refused.body)).not.toMatch(/timeout|ECONN|terminated/i);
    }

    proxy.restore();
    const back = await viewPaste();
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ content: 'still here' });
  });
});
