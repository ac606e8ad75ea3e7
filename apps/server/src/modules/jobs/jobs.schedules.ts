import type { Logger } from 'pino';
import type { Clock } from '../shared/clock';
import type { JobsRepository } from './jobs.repository';
import type { JobHandler } from './jobs.worker';

/** Periodic work: a job of `type` every `intervalMs`, once across all instances. */
export interface Schedule {
  type: string;
  intervalMs: number;
  run: () => Promise<unknown>;
}

/** How often an instance looks whether a period began. */
export const SCHEDULE_CHECK_MS = 30_000;

/** A scheduled job is one step: the work itself. */
export function scheduledJobHandler(schedule: Schedule, logger: Logger): JobHandler {
  return {
    counted: [],
    plan: (_context, add) =>
      add([
        {
          kind: 'run',
          source_path: schedule.type,
          target_path: null,
          size: 0,
          status: 'pending',
          error: null,
          message: null,
        },
      ]),
    async runItem() {
      const result = await schedule.run();
      logger.debug({ job: schedule.type, result }, 'scheduled job done');
      return { status: 'done' };
    },
  };
}

/**
 * Every instance looks now and then; the one whose conditional UPDATE moves a schedule on
 * enqueues that period's job, which any instance's worker may then run.
 */
export function createJobScheduler({
  repository,
  enqueue,
  clock,
  logger,
  schedules,
}: {
  repository: JobsRepository;
  enqueue: (type: string) => Promise<string>;
  clock: Clock;
  logger: Logger;
  schedules: Schedule[];
}) {
  let timer: NodeJS.Timeout | null = null;

  async function tick(): Promise<string[]> {
    const enqueued: string[] = [];
    for (const schedule of schedules) {
      const now = clock.now();
      await repository.ensureSchedule(schedule.type, now);
      if (await repository.takeSchedule(schedule.type, now, now + schedule.intervalMs)) {
        enqueued.push(await enqueue(schedule.type));
      }
    }
    return enqueued;
  }

  return {
    /** Enqueues the jobs whose period began; answers their ids. */
    tick,
    start(checkMs = SCHEDULE_CHECK_MS) {
      const run = () =>
        tick().catch((error: unknown) => logger.warn({ err: error }, 'scheduling jobs failed'));
      timer = setInterval(run, checkMs);
      timer.unref();
      void run();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
