import type { Logger } from 'pino';
import type { Clock } from '../shared/clock';
import type { ActivityRepository, ActivityRow } from './activity.repository';

/** Activity is summed per quarter hour (UTC): a day in any time zone is a whole number of them. */
export const ACTIVITY_BUCKET_MS = 15 * 60_000;
/** How often an instance adds what it counted to the shared buckets. */
const ACTIVITY_FLUSH_MS = 5_000;
/** Buckets older than this are pruned by the housekeeping job. */
const ACTIVITY_RETENTION_MS = 30 * 86_400_000;

/** What the domains see: count something now. Cheap (a Map update); never fails the caller. */
export interface ActivityLog {
  record(metric: string, amount?: number): void;
}

/** Counts that other modules keep themselves, handed over as deltas at each flush. */
type ActivitySource = () => Iterable<readonly [metric: string, amount: number]>;

const bucketOf = (ms: number) => Math.floor(ms / ACTIVITY_BUCKET_MS) * ACTIVITY_BUCKET_MS;

/**
 * Buffers activity in memory and adds it to `activity_buckets` every few seconds and at
 * shutdown, so that a view costs no database write of its own. A flush that fails keeps its
 * counts for the next one; a process that dies loses at most one period's counts.
 */
export function createActivityRecorder({
  repository,
  clock,
  logger,
  sources = () => [],
}: {
  repository: ActivityRepository;
  clock: Clock;
  logger: Pick<Logger, 'warn'>;
  /** Read at each flush (the caches' hit and miss counts since the last one). */
  sources?: () => ActivitySource[];
}) {
  let pending = new Map<string, ActivityRow>();
  let timer: NodeJS.Timeout | null = null;

  function add(bucketStart: number, metric: string, amount: number) {
    if (amount === 0) return;
    const key = `${bucketStart}|${metric}`;
    const row = pending.get(key);
    if (row) row.value += amount;
    else pending.set(key, { bucket_start: bucketStart, metric, value: amount });
  }

  async function flush(): Promise<void> {
    const bucket = bucketOf(clock.now());
    for (const source of sources()) {
      for (const [metric, amount] of source()) add(bucket, metric, amount);
    }
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await repository.add([...batch.values()]);
    } catch (error) {
      // Kept for the next flush, added to whatever was counted meanwhile.
      for (const row of batch.values()) add(row.bucket_start, row.metric, row.value);
      throw error;
    }
  }

  const flushQuietly = () =>
    flush().catch((error: unknown) => logger.warn({ err: error }, 'activity not recorded yet'));

  return {
    record(metric: string, amount = 1) {
      add(bucketOf(clock.now()), metric, amount);
    },
    flush,
    start(intervalMs = ACTIVITY_FLUSH_MS) {
      if (timer) return;
      timer = setInterval(flushQuietly, intervalMs);
      timer.unref();
    },
    /** Stops the timer and adds what is left (at shutdown). */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flushQuietly();
    },
    prune: () => repository.deleteBefore(clock.now() - ACTIVITY_RETENTION_MS),
  } satisfies ActivityLog & Record<string, unknown>;
}
