import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { StorageDriver } from '../modules/storage/drivers/storage-driver';
import { StorageDriverError } from '../modules/storage/drivers/storage-driver.errors';

interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface MetricsSources {
  /** Waiting and running jobs per type, read from the jobs table at each scrape. */
  queueDepth: () => Promise<{ type: string; status: 'pending' | 'running'; jobs: number }[]>;
  /** Job types this server runs: each gets its queue gauges, at 0 when it has no job. */
  jobTypes: () => string[];
  /** Hits and misses of each named cache since the start (they only grow). */
  cacheLookups: () => { name: string; hits: number; misses: number }[];
  /** PostgreSQL's connection pool now; absent on SQLite, which has no pool. */
  databasePool?: (() => PoolStats) | undefined;
}

/** Request latency buckets, in seconds: from a cached answer to a long listing. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Storage call latency buckets, in seconds: a local stat to an S3 call near its timeout. */
const STORAGE_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Methods Node's parser accepts are few, but a label takes the usual ones and `OTHER`. */
const KNOWN_METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
]);

/** Every call of the driver contract that reaches the backend (all but `close`). */
const STORAGE_OPERATIONS = [
  'put',
  'get',
  'head',
  'delete',
  'deleteMany',
  'list',
  'copy',
  'presignPut',
  'presignGet',
  'createMultipart',
  'presignPart',
  'uploadPart',
  'listParts',
  'completeMultipart',
  'abortMultipart',
  'listMultipartUploads',
  'removeStaleTemporaryFiles',
  'stat',
  'mkdir',
  'listDirectory',
  'deletePrefix',
  'move',
  'copyPrefix',
] as const satisfies readonly (keyof StorageDriver)[];

/**
 * This server's Prometheus metrics, in a registry of its own (several servers in one process,
 * as in tests, never share a metric). Names start with `sharebin_`; Node's default metrics
 * (event-loop delay, heap, GC, CPU) keep their usual names.
 */
export function createMetrics(sources: MetricsSources) {
  const registry = new Registry();
  const prefix = 'sharebin_';

  const httpRequests = new Counter({
    name: `${prefix}http_requests_total`,
    help: 'HTTP requests answered, by method, route template and status (499: client hung up)',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Time from a request to its answer (its headers; a streamed body may go on), by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });

  const jobsFinished = new Counter({
    name: `${prefix}jobs_finished_total`,
    help: 'Jobs this instance finished, by type and outcome (completed, failed, cancelled)',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: `${prefix}jobs_queued`,
    help: 'Jobs waiting (pending) or running, by type, across all instances (the jobs table)',
    labelNames: ['type', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // Without a database the queue is unknown: no samples, and every other metric still answers.
      const depth = await sources.queueDepth().catch(() => undefined);
      if (!depth) return;
      for (const type of sources.jobTypes()) {
        for (const status of ['pending', 'running'] as const) this.set({ type, status }, 0);
      }
      for (const row of depth) this.set({ type: row.type, status: row.status }, row.jobs);
    },
  });

  // Counters whose totals the caches keep: each scrape copies them.
  const cacheCounter = (which: 'hits' | 'misses') =>
    new Counter({
      name: `${prefix}cache_${which}_total`,
      help: `Lookups of each named cache that ${which === 'hits' ? 'found' : 'did not find'} a live entry (this instance)`,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const cache of sources.cacheLookups()) this.inc({ cache: cache.name }, cache[which]);
      },
    });
  cacheCounter('hits');
  cacheCounter('misses');

  const storageDuration = new Histogram({
    name: `${prefix}storage_operation_duration_seconds`,
    help: 'Storage driver calls, by driver kind and operation: time to their answer (a read: its first bytes)',
    labelNames: ['driver', 'operation'] as const,
    buckets: STORAGE_BUCKETS,
    registers: [registry],
  });
  const storageErrors = new Counter({
    name: `${prefix}storage_errors_total`,
    help: 'Storage driver calls that failed, by driver kind, operation and error code',
    labelNames: ['driver', 'operation', 'code'] as const,
    registers: [registry],
  });

  /** How busy the thumbnail queues are, once the file system is wired (`watchThumbnails`). */
  let thumbnailQueues: (() => Record<string, { running: number; waiting: number }>) | null = null;
  new Gauge({
    name: `${prefix}thumbnails_queued`,
    help: 'Thumbnails being made (running) or waiting their turn (waiting) on this instance, by queue (image; tool: videos and PDFs)',
    labelNames: ['queue', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [queue, load] of Object.entries(thumbnailQueues?.() ?? {})) {
        this.set({ queue, status: 'running' }, load.running);
        this.set({ queue, status: 'waiting' }, load.waiting);
      }
    },
  });

  const pool = sources.databasePool;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name: `${prefix}db_pool_${name}`,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool()));
        },
      });
    poolGauge('connections', 'PostgreSQL connections open (idle and in use)', (p) => p.total);
    poolGauge('idle_connections', 'PostgreSQL connections open and idle', (p) => p.idle);
    poolGauge('waiting_queries', 'Queries waiting for a PostgreSQL connection', (p) => p.waiting);
  }

  // Node's default metrics start with the first scrape: an event-loop delay monitor samples
  // all the time, and a server nobody scrapes (most tests) has no use for one.
  let defaultsStarted = false;

  return {
    /** The Prometheus text of every metric. */
    async scrape(): Promise<{ text: string; contentType: string }> {
      if (!defaultsStarted) {
        defaultsStarted = true;
        collectDefaultMetrics({ register: registry });
      }
      return { text: await registry.metrics(), contentType: registry.contentType };
    },

    observeRequest(method: string, route: string, status: number, seconds: number): void {
      const labels = {
        method: KNOWN_METHODS.has(method) ? method : 'OTHER',
        route,
        status: String(status),
      };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },

    /** Reports the thumbnail queues' load at each scrape. */
    watchThumbnails(load: () => Record<string, { running: number; waiting: number }>): void {
      thumbnailQueues = load;
    },

    jobFinished(type: string, outcome: 'completed' | 'failed' | 'cancelled'): void {
      jobsFinished.inc({ type, outcome });
    },

    /** The driver, its calls timed and their failures counted under `driver` (the kind). */
    instrumentDriver(kind: string, driver: StorageDriver): StorageDriver {
      const timed = Object.fromEntries(
        STORAGE_OPERATIONS.map((operation) => {
          const call = (driver[operation] as (...args: unknown[]) => Promise<unknown>).bind(driver);
          const labels = { driver: kind, operation };
          return [
            operation,
            async (...args: unknown[]) => {
              const end = storageDuration.startTimer(labels);
              try {
                return await call(...args);
              } catch (error) {
                const code = error instanceof StorageDriverError ? error.code : 'unknown';
                storageErrors.inc({ ...labels, code });
                throw error;
              } finally {
                end();
              }
            },
          ];
        }),
      );
      return {
        ...(timed as Pick<StorageDriver, (typeof STORAGE_OPERATIONS)[number]>),
        get capabilities() {
          return driver.capabilities;
        },
        close: () => driver.close(),
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
