import type { Logger } from 'pino';

export interface Job {
  name: string;
  intervalMs: number;
  run: () => Promise<unknown>;
}

/**
 * Runs each job now and then every `intervalMs`, never two runs of one job at once.
 * Timers are unref'd so that they never keep the process alive.
 */
export function startJobs({ jobs, logger }: { jobs: Job[]; logger: Logger }) {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const result = await job.run();
        logger.debug({ job: job.name, result }, 'job done');
      } catch (error) {
        logger.error({ job: job.name, err: error }, 'job failed');
      } finally {
        running = false;
      }
    };
    void tick();
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    return timer;
  });
  return { stop: () => timers.forEach(clearInterval) };
}
