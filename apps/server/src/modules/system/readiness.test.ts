import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readiness } from '@sharebin/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useS3rver } from '../../test/fs-kit';
import { createTestClock, ENGINES, useTestServer } from '../../test/harness';
import { startTcpProxy } from '../../test/tcp-proxy';
import { createReadiness, STORAGE_CHECK_TTL_MS } from './readiness.usecases';

vi.setConfig({ hookTimeout: 30_000 });

const s3rver = useS3rver();

describe.each(ENGINES)('health and readiness on %s', (engine) => {
  const t = useTestServer(engine, { s3Timeouts: { connectMs: 1_000, idleMs: 1_000 } });

  it('answers health without touching the database, and at /healthz', async () => {
    await t.db.destroy();
    for (const probe of ['/api/health', '/healthz']) {
      const response = await t.request('GET', probe);
      expect(response.status, probe).toBe(200);
      expect(response.body).toEqual({ code: 200, message: 'OK', data: { status: 'ok' } });
    }
  });

  it('is ready with the database and the default storage, at /api/ready and /readyz', async () => {
    await t.signInWithLocalStorage();
    for (const probe of ['/api/ready', '/readyz']) {
      const response = await t.request<Readiness>('GET', probe);
      expect(response.status, probe).toBe(200);
      expect(response.body.data).toEqual({
        status: 'ready',
        database: 'ok',
        storages: { ok: 1, failed: 0, default: 'ok' },
      });
    }
  });

  it('is not ready, naming only the database, when the database is gone', async () => {
    await t.db.destroy();
    for (const probe of ['/api/ready', '/readyz']) {
      const response = await t.request('GET', probe);
      expect(response.status, probe).toBe(503);
      expect(response.body.error).toBe('system.not_ready');
      expect(response.body.message).toBe('Not ready: the database did not answer');
      expect(response.body.details).toEqual({
        status: 'not_ready',
        database: 'failed',
        storages: { ok: 0, failed: 0, default: 'none' },
      });
      expect(response.headers.get('retry-after')).toBe('5');
    }
  });

  describe('with an S3 storage behind a connection that can be cut', () => {
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    beforeEach(async () => {
      const endpoint = new URL(s3rver().endpoint);
      proxy = await startTcpProxy({ host: endpoint.hostname, port: Number(endpoint.port) });
    });
    afterEach(() => proxy.close());

    /** Nothing that names a storage or tells why it failed is in a public answer. */
    function expectNothingPrivate(
      body: { message: string; data?: unknown; details?: unknown },
      storages: { id: string; name: string }[],
    ) {
      const text = JSON.stringify([body.message, body.data, body.details]);
      for (const storage of storages) {
        expect(text).not.toContain(storage.id);
        expect(text).not.toContain(storage.name);
      }
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain(String(proxy.port));
      expect(text).not.toMatch(/storage\.\w+|error|ECONN|timeout|no answer/i);
    }

    it('stays ready, degraded, while a storage other than the default does not answer', async () => {
      const { admin, storage } = await t.signInWithLocalStorage();
      const s3 = await t.addS3Storage(admin, {
        ...s3rver().storageFields,
        endpoint: `http://127.0.0.1:${proxy.port}`,
      });
      expect((await t.request('GET', '/api/ready')).status).toBe(200);

      proxy.cut();
      // The last storage check is reused for a few seconds: a probe a second costs no S3 call.
      const cached = await t.request<Readiness>('GET', '/api/ready');
      expect(cached.body.data.status).toBe('ready');
      t.clock.advance(STORAGE_CHECK_TTL_MS);
      for (const probe of ['/api/ready', '/readyz']) {
        const degraded = await t.request<Readiness>('GET', probe);
        expect(degraded.status, probe).toBe(200);
        expect(degraded.body.data).toEqual({
          status: 'degraded',
          database: 'ok',
          storages: { ok: 1, failed: 1, default: 'ok' },
        });
        expectNothingPrivate(degraded.body, [storage, s3]);
      }

      proxy.restore();
      t.clock.advance(STORAGE_CHECK_TTL_MS);
      const recovered = await t.request<Readiness>('GET', '/readyz');
      expect(recovered.status).toBe(200);
      expect(recovered.body.data.status).toBe('ready');
      expect(recovered.body.data.storages).toEqual({ ok: 2, failed: 0, default: 'ok' });
    });

    it('is not ready while the default storage does not answer', async () => {
      const { admin, storage } = await t.signInWithLocalStorage();
      const s3 = await t.addS3Storage(admin, {
        ...s3rver().storageFields,
        endpoint: `http://127.0.0.1:${proxy.port}`,
      });
      const made = await t.request('PUT', `/api/s3-configs/${s3.id}/set-default`, undefined, admin);
      expect(made.status).toBe(200);

      proxy.cut();
      t.clock.advance(STORAGE_CHECK_TTL_MS);
      for (const probe of ['/api/ready', '/readyz']) {
        const failing = await t.request('GET', probe);
        expect(failing.status, probe).toBe(503);
        expect(failing.body.error).toBe('system.not_ready');
        expect(failing.body.message).toBe('Not ready: the default storage did not answer');
        expect(failing.body.details).toEqual({
          status: 'not_ready',
          database: 'ok',
          storages: { ok: 1, failed: 1, default: 'failed' },
        });
        expectNothingPrivate(failing.body, [storage, s3]);
      }
    });
  });
});

describe('readiness checks', () => {
  const configs = [
    { id: 'id-frozen', name: 'frozen', storage_type: 's3' as const, is_default: false },
    { id: 'id-fine', name: 'fine', storage_type: 'local' as const, is_default: true },
  ];
  const quietLogger = () => ({ warn: vi.fn() });

  it('fails a storage that does not answer within the timeout, logging which and why', async () => {
    const logger = quietLogger();
    const clock = createTestClock();
    const readiness = createReadiness({
      pingDatabase: async () => {},
      storages: async () => configs,
      // A frozen storage: the call never settles.
      probeStorage: (id) => (id === 'id-frozen' ? new Promise<void>(() => {}) : Promise.resolve()),
      clock,
      logger,
      timeoutMs: 50,
    });
    const report = await readiness.check();
    expect(report).toEqual({
      status: 'degraded',
      database: 'ok',
      storages: { ok: 1, failed: 1, default: 'ok' },
    });
    expect(JSON.stringify(report)).not.toMatch(/frozen|no answer/);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({
        check: 'storage',
        storage: { id: 'id-frozen', name: 'frozen', storage_type: 's3' },
        is_default: false,
        reason: 'no answer within 50 ms',
      }),
      'readiness: a storage did not answer',
    );
    // Once per period, not once per request.
    await readiness.check();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    clock.advance(STORAGE_CHECK_TTL_MS);
    await readiness.check();
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('is not ready without the default storage, and ready with no default storage', async () => {
    const failing = (id: string) =>
      createReadiness({
        pingDatabase: async () => {},
        storages: async () => configs,
        probeStorage: async (probed) => {
          if (probed === id) throw new Error('EACCES: /srv/sharebin/data');
        },
        clock: createTestClock(),
      });
    expect(await failing('id-fine').check()).toEqual({
      status: 'not_ready',
      database: 'ok',
      storages: { ok: 1, failed: 1, default: 'failed' },
    });
    const none = createReadiness({
      pingDatabase: async () => {},
      storages: async () => [],
      probeStorage: async () => {},
      clock: createTestClock(),
    });
    expect(await none.check()).toEqual({
      status: 'ready',
      database: 'ok',
      storages: { ok: 0, failed: 0, default: 'none' },
    });
  });

  it('logs a database that does not answer once per period, not its reason in the report', async () => {
    const logger = quietLogger();
    const clock = createTestClock();
    const readiness = createReadiness({
      pingDatabase: async () => {
        throw new Error('connect ECONNREFUSED 10.1.2.3:5432');
      },
      storages: async () => configs,
      probeStorage: async () => {},
      clock,
      logger,
    });
    const report = await readiness.check();
    expect(report).toEqual({
      status: 'not_ready',
      database: 'failed',
      storages: { ok: 0, failed: 0, default: 'none' },
    });
    await readiness.check();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({
        check: 'database',
        reason: 'connect ECONNREFUSED 10.1.2.3:5432',
      }),
      'readiness: the database did not answer',
    );
    clock.advance(STORAGE_CHECK_TTL_MS);
    await readiness.check();
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('checks each storage once per period, however often it is asked', async () => {
    const clock = createTestClock();
    const probed: string[] = [];
    const readiness = createReadiness({
      pingDatabase: async () => {},
      storages: async () => configs,
      probeStorage: async (id) => {
        probed.push(id);
      },
      clock,
    });
    await Promise.all([readiness.check(), readiness.check()]);
    clock.advance(STORAGE_CHECK_TTL_MS - 1);
    await readiness.check();
    expect(probed).toEqual(['id-frozen', 'id-fine']);
    clock.advance(1);
    await readiness.check();
    expect(probed).toEqual(['id-frozen', 'id-fine', 'id-frozen', 'id-fine']);
  });
});

describe('paths nobody serves, next to the web app', () => {
  const webDistDir = mkdtempSync(path.join(tmpdir(), 'sharebin-web-'));
  writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Sharebin</title>');
  const t = useTestServer('sqlite', { webDistDir });

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])(
    'answers %s of an unknown /api path with a JSON 404',
    async (method) => {
      for (const probe of ['/api/nothing', '/api/admin/nothing/here', '/api/', '/api']) {
        const response = await t.server.app.request(probe, { method });
        expect(response.status, `${method} ${probe}`).toBe(404);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(((await response.json()) as { error: string }).error).toBe('route.not_found');
      }
    },
  );

  it('answers the probe paths with JSON, never the web app', async () => {
    const health = await t.server.app.request('/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ data: { status: 'ok' } });
    const ready = await t.server.app.request('/readyz');
    expect(ready.headers.get('content-type')).toMatch(/^application\/json/);
    const metrics = await t.server.app.request('/metrics');
    expect(metrics.status).toBe(401);
    expect(metrics.headers.get('content-type')).toMatch(/^application\/json/);
    const posted = await t.server.app.request('/healthz', { method: 'POST' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('content-type')).toMatch(/^application\/json/);
    // The web app still answers its own pages.
    const page = await t.server.app.request('/some/page');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Sharebin</title>');
    // One label for all of the web app's paths in the metrics.
    const token = await t.loginAsAdmin();
    const scraped = await t.server.app.request('/metrics', {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await scraped.text();
    expect(text).toMatch(
      /^sharebin_http_requests_total\{method="GET",route="web-app",status="200"\} 1$/m,
    );
    expect(text).not.toContain('/some/page');
  });
});

describe('probes and metrics under the path of PUBLIC_URL', () => {
  const t = useTestServer('sqlite', {
    publicUrl: 'https://share.example/sb',
    metricsToken: 'metrics-token-0123456789',
  });

  it('answers /sb/healthz, /sb/readyz, /sb/api/ready and /sb/metrics', async () => {
    expect((await t.server.app.request('/sb/healthz')).status).toBe(200);
    expect((await t.server.app.request('/sb/readyz')).status).toBe(200);
    expect((await t.server.app.request('/sb/api/ready')).status).toBe(200);
    const metrics = await t.server.app.request('/sb/metrics', {
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(metrics.status).toBe(200);
    // Route templates stay those of the app, whatever the base path.
    expect(await metrics.text()).toMatch(/route="\/api\/ready"/);
  });
});
