import type { Paste, StorageConfig } from '@sharebin/shared';
import parsePrometheusTextFormat, {
  type PrometheusFamily,
  type PrometheusSample,
} from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import {
  createTestClock,
  createTestDatabase,
  type RequestOptions,
  testServerDeps,
  useTestServer,
} from '../test/harness';
import { refusingEndpoint, s3ConfigAt } from '../test/remote-s3';
import { ConfigError, loadConfig } from './config';
import { createServer } from './create-server';

const METRICS_TOKEN = 'metrics-token-0123456789';

type App = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

async function scrapeText(app: App, authorization = `Bearer ${METRICS_TOKEN}`) {
  const response = await app.request('/metrics', { headers: { authorization } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

const scrape = async (app: App, authorization?: string) =>
  parsePrometheusTextFormat(await scrapeText(app, authorization));

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric family ${name}`);
  return found;
}

/** The samples whose labels include every label given. */
function samples(found: PrometheusFamily, labels: Record<string, string>): PrometheusSample[] {
  return found.metrics.filter((sample) =>
    Object.entries(labels).every(([name, value]) => sample.labels?.[name] === value),
  );
}

function sampleValue(found: PrometheusFamily, labels: Record<string, string>): number {
  const [sample, ...others] = samples(found, labels);
  expect(others, JSON.stringify(labels)).toEqual([]);
  return Number(sample?.value ?? 0);
}

/** A port that refuses connections (it was free a moment ago). */
describe('GET /metrics', () => {
  const t = useTestServer('sqlite', { metricsToken: METRICS_TOKEN });

  it('answers 401 in JSON without a token, with a wrong one and with an API key', async () => {
    const token = await t.loginAsAdmin();
    const key = await t.request<{ key: string }>(
      'POST',
      '/api/admin/api-keys',
      { name: 'scraper', text_permission: true, file_permission: true, mount_permission: true },
      { token },
    );
    expect(key.status).toBe(201);
    for (const authorization of [
      undefined,
      `Bearer ${METRICS_TOKEN}x`,
      'Bearer wrong',
      `ApiKey ${key.body.data.key}`,
      `Basic ${Buffer.from(`admin:${METRICS_TOKEN}`).toString('base64')}`,
    ]) {
      const response = await t.server.app.request('/metrics', {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      const body = (await response.json()) as { code: number; error: string };
      expect(body).toMatchObject({ code: 401 });
      expect(body.error).toMatch(/^auth\./);
    }
  });

  it('lets the admin scrape with its own token', async () => {
    const token = await t.loginAsAdmin();
    const families = await scrape(t.server.app, `Bearer ${token}`);
    expect(family(families, 'sharebin_http_requests_total').type).toBe('COUNTER');
  });

  it('counts requests by route template, jobs, cache lookups and storage errors', async () => {
    const { admin, storage } = await t.signInWithLocalStorage();
    const created = await t.request<Paste>('POST', '/api/paste', { content: 'hello' }, admin);
    expect(created.status).toBe(201);
    const { slug } = created.body.data;
    expect((await t.request('GET', `/api/paste/${slug}`)).status).toBe(200);
    expect((await t.request('GET', `/api/paste/${slug}`)).status).toBe(200);
    expect((await t.request('GET', '/api/paste/no-such-paste')).status).toBe(404);
    expect((await t.request('DELETE', '/api/no/such/route')).status).toBe(404);

    // A listing of a local mount: a miss, then a hit of the directories cache.
    await mount(admin, storage.id, 'local', '/docs');
    expect((await listing(admin, '/docs')).status).toBe(200);
    expect((await listing(admin, '/docs')).status).toBe(200);

    // An S3 storage that refuses connections: the listing fails with 502.
    const remote = await t.request<StorageConfig>(
      'POST',
      '/api/s3-configs',
      s3ConfigAt(await refusingEndpoint(), 'refusing'),
      admin,
    );
    expect(remote.status).toBe(201);
    await mount(admin, remote.body.data.id, 's3', '/remote');
    expect((await listing(admin, '/remote')).status).toBe(502);

    // A job waits, then runs here.
    await t.server.jobs.useCases.enqueue('housekeeping', 'system', {});
    const queued = await scrape(t.server.app);
    expect(
      sampleValue(family(queued, 'sharebin_jobs_queued'), {
        type: 'housekeeping',
        status: 'pending',
      }),
    ).toBe(1);
    expect(
      sampleValue(family(queued, 'sharebin_jobs_queued'), { type: 'zip', status: 'pending' }),
    ).toBe(0);
    await t.server.jobs.worker.runAvailable();

    const text = await scrapeText(t.server.app);
    const families = parsePrometheusTextFormat(text);
    const requests = family(families, 'sharebin_http_requests_total');
    expect(sampleValue(requests, { method: 'GET', route: '/api/paste/:slug', status: '200' })).toBe(
      2,
    );
    expect(sampleValue(requests, { method: 'GET', route: '/api/paste/:slug', status: '404' })).toBe(
      1,
    );
    expect(sampleValue(requests, { method: 'DELETE', route: '/api/*', status: '404' })).toBe(1);
    expect(
      sampleValue(requests, { method: 'GET', route: '/api/admin/fs/list', status: '502' }),
    ).toBe(1);
    // Templates only: no label carries a slug, a path or a query.
    for (const sample of requests.metrics) {
      expect(sample.labels?.route).not.toContain(slug);
      expect(sample.labels?.route).not.toContain('no-such');
      expect(sample.labels?.route).not.toContain('?');
    }
    expect(family(families, 'sharebin_http_request_duration_seconds').type).toBe('HISTOGRAM');
    // The parser merges the series of a labelled histogram: its lines are read as written.
    expect(text).toMatch(
      /^sharebin_http_request_duration_seconds_count\{method="GET",route="\/api\/paste\/:slug",status="200"\} 2$/m,
    );
    expect(text).toMatch(
      /^sharebin_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/paste\/:slug",status="200"\} 2$/m,
    );

    expect(
      sampleValue(family(families, 'sharebin_jobs_finished_total'), {
        type: 'housekeeping',
        outcome: 'completed',
      }),
    ).toBe(1);
    expect(
      sampleValue(family(families, 'sharebin_jobs_queued'), {
        type: 'housekeeping',
        status: 'pending',
      }),
    ).toBe(0);

    const hits = family(families, 'sharebin_cache_hits_total');
    const misses = family(families, 'sharebin_cache_misses_total');
    expect(sampleValue(hits, { cache: 'directories' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(misses, { cache: 'directories' })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(hits, { cache: 'search' })).toBe(0);

    const errors = family(families, 'sharebin_storage_errors_total');
    const s3Failures = samples(errors, { driver: 's3' });
    expect(s3Failures.length).toBeGreaterThan(0);
    for (const failure of s3Failures) {
      expect(failure.labels?.code).toMatch(/^storage\.(backend_error|timeout)$/);
    }
    expect(samples(errors, { driver: 'local' })).toEqual([]);
    expect(family(families, 'sharebin_storage_operation_duration_seconds').type).toBe('HISTOGRAM');
    expect(text).toMatch(
      /^sharebin_storage_operation_duration_seconds_count\{driver="local",operation="listDirectory"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^sharebin_storage_operation_duration_seconds_count\{driver="s3",operation="\w+"\} [1-9]/m,
    );

    // Node's own metrics, this server's registry; SQLite has no pool to report.
    expect(family(families, 'nodejs_eventloop_lag_p99_seconds').type).toBe('GAUGE');
    expect(family(families, 'nodejs_heap_size_used_bytes').type).toBe('GAUGE');
    expect(families.filter((f) => f.name.startsWith('sharebin_db_pool'))).toEqual([]);
  });

  it('still answers without a database, the job queue left out', async () => {
    await t.request('GET', '/api/version');
    await t.db.destroy();
    const families = await scrape(t.server.app);
    expect(family(families, 'sharebin_jobs_queued').metrics).toEqual([]);
    expect(
      sampleValue(family(families, 'sharebin_http_requests_total'), { route: '/api/version' }),
    ).toBe(1);
  });

  it('keeps the metrics of two servers in one process apart', async () => {
    const other = t.secondServer();
    await t.request('GET', '/api/version');
    await t.request('GET', '/api/version');
    await other.app.request('/api/version');
    const mine = family(await scrape(t.server.app), 'sharebin_http_requests_total');
    const theirs = family(await scrape(other.app), 'sharebin_http_requests_total');
    expect(sampleValue(mine, { route: '/api/version' })).toBe(2);
    expect(sampleValue(theirs, { route: '/api/version' })).toBe(1);
    await other.drivers.closeAll();
  });

  async function mount(admin: RequestOptions, configId: string, type: string, path: string) {
    const mounted = await t.request(
      'POST',
      '/api/admin/mounts',
      { name: path.slice(1), storage_type: type, storage_config_id: configId, mount_path: path },
      admin,
    );
    expect(mounted.status).toBe(201);
  }

  const listing = (admin: RequestOptions, path: string) =>
    t.request('GET', `/api/admin/fs/list?path=${encodeURIComponent(path)}`, undefined, admin);
});

describe('METRICS_TOKEN', () => {
  it('is read from the environment, and a short one is refused without showing it', () => {
    expect(loadConfig({ METRICS_TOKEN: METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
  });
});

describe.skipIf(!process.env.TEST_POSTGRES_URL)('database pool metrics on PostgreSQL', () => {
  it('reports the pool: connections, idle ones and waiting queries', async () => {
    const database = await createTestDatabase('postgres');
    const server = createServer(
      testServerDeps({
        db: database.db,
        clock: createTestClock(),
        metricsToken: METRICS_TOKEN,
        ...(database.poolStats ? { databasePool: database.poolStats } : {}),
      }),
    );
    try {
      expect((await server.app.request('/api/ready')).status).toBe(200);
      const families = await scrape(server.app);
      const gauge = (name: string) => {
        const found = family(families, name);
        expect(found.type).toBe('GAUGE');
        return Number(found.metrics[0]?.value);
      };
      const open = gauge('sharebin_db_pool_connections');
      expect(open).toBeGreaterThanOrEqual(1);
      expect(gauge('sharebin_db_pool_idle_connections')).toBeLessThanOrEqual(open);
      // The scrape's own queries (the job queue) may be waiting for a connection being opened.
      expect(gauge('sharebin_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
    } finally {
      await server.drivers.closeAll();
      await database.drop();
    }
  });
});
