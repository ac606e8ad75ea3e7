import { ERROR_CODES } from '@sharebin/shared';
import type { Logger } from 'pino';
import { failureReason } from '../fs/fs-failure.errors';
import type { Clock } from '../shared/clock';
import type { ItemResult, JobItemRow, NewJobItem } from './job-items.repository';
import { JOB_ERROR_TEXT_CHARS, storedErrorDetails } from './jobs.models';
import type { JobRow, JobsRepository } from './jobs.repository';

/** What a handler sees of the job it works on. */
export interface JobContext {
  job: JobRow;
  /** Aborted when the job is cancelled, the worker stops or its lease went to another instance. */
  signal: AbortSignal;
  /** Bytes of the current item so far, for the progress of a large file. */
  reportBytes(bytes: number): void;
}

/** `plan` reruns from scratch if its instance died; pending items are redone by the next taker. */
export interface JobHandler {
  /** Item kinds that are the job's items for its counters (files); others are steps. */
  counted: readonly string[];
  plan(context: JobContext, add: (items: NewJobItem[]) => Promise<void>): Promise<void>;
  runItem(context: JobContext, item: JobItemRow): Promise<ItemResult>;
}

export interface JobTimings {
  /** How long a claim holds without a heartbeat: a dead instance's job is free after it. */
  leaseMs: number;
  /** How often a running job renews its lease and looks for a cancel. */
  heartbeatMs: number;
  /** How often an idle worker looks for a job. */
  pollMs: number;
  /** The default spans 60.5 s, so a storage restart or network drop loses no item. */
  retryDelaysMs: readonly number[];
}

/** A job whose instance died is claimed again within lease + poll (under 30 s, issue 10). */
export const DEFAULT_JOB_TIMINGS: JobTimings = {
  leaseMs: 15_000,
  heartbeatMs: 1_000,
  pollMs: 1_000,
  retryDelaysMs: [500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000],
};

const ITEMS_PER_READ = 100;
const MAX_RUNNING_JOBS = 2;

type StopReason = 'cancelled' | 'lease_lost' | 'stopping';

/** Any instance may run any job; only the heartbeat-renewed lease says one is being worked on. */
export function createJobWorker({
  repository,
  handlers,
  clock,
  logger,
  workerId,
  timings,
  onFinished = () => {},
}: {
  repository: JobsRepository;
  handlers: Record<string, JobHandler>;
  clock: Clock;
  logger: Logger;
  workerId: string;
  timings: JobTimings;
  /** Told of each job this worker ends (the metrics count outcomes by type). */
  onFinished?: (type: string, outcome: 'completed' | 'failed' | 'cancelled') => void;
}) {
  const running = new Map<string, { promise: Promise<void>; controller: AbortController }>();
  const itemListeners = new Set<(job: JobRow, item: JobItemRow) => Promise<void> | void>();
  let stopping = false;
  let handBackOnStop = true;
  let poller: NodeJS.Timeout | null = null;

  const leaseUntil = () => clock.now() + timings.leaseMs;

  async function execute(job: JobRow, controller: AbortController): Promise<void> {
    let stopReason: StopReason | null = null;
    const stop = (reason: StopReason) => {
      stopReason ??= reason;
      controller.abort(new Error(`job ${reason}`));
    };
    let currentBytes = 0;
    const heartbeat = setInterval(() => {
      repository.renewLease(job.id, workerId, leaseUntil(), currentBytes).then(
        (lease) => {
          if (!lease) stop('lease_lost');
          else if (lease.cancelRequested) stop('cancelled');
        },
        (error: unknown) => logger.warn({ err: error, job: job.id }, 'job heartbeat failed'),
      );
    }, timings.heartbeatMs);
    heartbeat.unref();
    controller.signal.addEventListener('abort', () => {
      if (stopping) stopReason ??= 'stopping';
    });
    const context: JobContext = {
      job,
      signal: controller.signal,
      reportBytes: (bytes) => {
        currentBytes = bytes;
      },
    };
    try {
      if (job.cancel_requested === 1) stop('cancelled');
      const handler = handlers[job.type];
      if (!handler) throw new Error(`No handler for jobs of type ${job.type}`);
      if (job.planned === 0 && !controller.signal.aborted) {
        await repository.clearItems(job.id);
        let seq = 0;
        await handler.plan(context, async (items) => {
          controller.signal.throwIfAborted();
          await repository.insertItems(job.id, seq, items);
          seq += items.length;
        });
        await repository.markPlanned(job.id, handler.counted);
      }
      await runItems(handler, context, (reason) => stop(reason));
    } catch (error) {
      if (!controller.signal.aborted) {
        logger.error({ err: error, job: job.id }, 'job failed');
        const reason = failureReason(error);
        await repository.finish(job.id, workerId, {
          status: 'failed',
          error: (error instanceof Error ? error.message : String(error)).slice(
            0,
            JOB_ERROR_TEXT_CHARS,
          ),
          error_code: reason?.error ?? ERROR_CODES.internal,
          error_details: reason?.details ? storedErrorDetails(reason.details) : null,
          finished_at: clock.now(),
        });
        onFinished(job.type, 'failed');
        return;
      }
    } finally {
      clearInterval(heartbeat);
    }
    await settle(job.id, stopReason);
  }

  async function runItems(
    handler: JobHandler,
    context: JobContext,
    stop: (reason: StopReason) => void,
  ): Promise<void> {
    const { job, signal } = context;
    let after = -1;
    for (;;) {
      const items = await repository.pendingItems(job.id, after, ITEMS_PER_READ);
      if (items.length === 0) return;
      for (const item of items) {
        if (signal.aborted) return;
        after = item.seq;
        context.reportBytes(0);
        const result = await handler.runItem(context, item);
        // A stop during the item leaves it pending: whoever takes the job does it again.
        if (signal.aborted) return;
        const counted = handler.counted.includes(item.kind);
        const lease = await repository.finishItem(item, workerId, result, counted);
        if (!lease) return stop('lease_lost');
        if (lease.cancelRequested) return stop('cancelled');
        for (const listener of itemListeners) await listener(job, item);
      }
    }
  }

  /** How the job ends, once its items ran or it stopped. */
  async function settle(jobId: string, stopReason: StopReason | null): Promise<void> {
    if (stopReason === 'lease_lost') return;
    if (stopReason === 'stopping') {
      if (handBackOnStop) await repository.release(jobId, workerId);
      return;
    }
    const job = await repository.findById(jobId);
    if (!job) return;
    const nothingWent = job.failed_count > 0 && job.success_count === 0 && job.skipped_count === 0;
    const outcome = stopReason === 'cancelled' ? 'cancelled' : nothingWent ? 'failed' : 'completed';
    await repository.finish(jobId, workerId, {
      status: outcome,
      error: null,
      finished_at: clock.now(),
    });
    onFinished(job.type, outcome);
  }

  /** Claims jobs while there is room; each runs in the background. */
  async function fill(): Promise<void> {
    while (!stopping && running.size < MAX_RUNNING_JOBS) {
      const job = await repository.claim(workerId, clock.now(), leaseUntil());
      if (!job) return;
      const controller = new AbortController();
      const promise = execute(job, controller)
        .catch((error: unknown) => logger.error({ err: error, job: job.id }, 'job runner failed'))
        .finally(() => running.delete(job.id));
      running.set(job.id, { promise, controller });
    }
  }

  return {
    workerId,

    /** Runs every job there is to claim now, and answers when none is left (tests, one-offs). */
    async runAvailable(): Promise<void> {
      for (;;) {
        await fill();
        if (running.size === 0) return;
        await Promise.all([...running.values()].map((run) => run.promise));
      }
    },

    /** Looks for jobs every `pollMs` until stopped. */
    start() {
      stopping = false;
      const tick = () =>
        fill().catch((error: unknown) => logger.warn({ err: error }, 'claiming jobs failed'));
      poller = setInterval(tick, timings.pollMs);
      poller.unref();
      void tick();
    },

    /** `handBack` frees running jobs at once; else they wait out their lease, as on a crash. */
    async stop({ handBack = true }: { handBack?: boolean } = {}) {
      stopping = true;
      handBackOnStop = handBack;
      if (poller) clearInterval(poller);
      const runs = [...running.values()];
      for (const run of runs) run.controller.abort(new Error('worker stopping'));
      await Promise.all(runs.map((run) => run.promise));
    },

    /** Told after each item a job finishes here (a live feed, the tests); awaited. */
    onItemFinished(listener: (job: JobRow, item: JobItemRow) => Promise<void> | void) {
      itemListeners.add(listener);
      return () => itemListeners.delete(listener);
    },
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
