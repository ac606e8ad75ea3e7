import type { FsJob } from '@sharebin/shared';
import { createValueStore } from '../../shared/value-store';
import { type JobsApi, jobsApi } from './tasks.api';

/** How often jobs are asked for while one of them is pending or running. */
export const JOB_POLL_MS = 1_500;

const FINISHED: ReadonlySet<FsJob['status']> = new Set(['completed', 'failed', 'cancelled']);
export const isJobFinished = (job: FsJob) => FINISHED.has(job.status);

export interface JobsState {
  jobs: FsJob[];
  /** Why the last refresh failed; the list shown is then the one before. */
  error: unknown;
}

interface Scheduler {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * The server's jobs as the task panel shows them. The server's list is the truth (so other tabs
 * and instances agree): it is fetched again every second and a half while a job is pending or
 * running, someone waits for one or the panel is open, and not at all otherwise.
 */
export function createJobFollower({
  api = jobsApi,
  scheduler = {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (h) => clearTimeout(h as number),
  },
}: {
  api?: Pick<JobsApi, 'list' | 'get'>;
  scheduler?: Scheduler;
} = {}) {
  const store = createValueStore<JobsState>({ jobs: [], error: null });
  const waiters = new Map<string, Set<(job: FsJob) => void>>();
  let timer: unknown = null;
  /** Open panels: while one shows the list, jobs started elsewhere (another tab) appear too. */
  let viewers = 0;
  let refreshing: Promise<void> | null = null;
  /** Bumped when the session ends, so an answer to an older request is dropped. */
  let generation = 0;

  const needsPolling = () =>
    viewers > 0 || waiters.size > 0 || store.get().jobs.some((job) => !isJobFinished(job));

  const schedule = () => {
    if (timer !== null || !needsPolling()) return;
    timer = scheduler.setTimeout(() => {
      timer = null;
      void refresh();
    }, JOB_POLL_MS);
  };

  const settleWaiters = (jobs: FsJob[]) => {
    for (const job of jobs) {
      const waiting = waiters.get(job.id);
      if (!waiting || !isJobFinished(job)) continue;
      waiters.delete(job.id);
      for (const resolve of waiting) resolve(job);
    }
  };

  const load = async () => {
    const asked = generation;
    try {
      const jobs = await api.list();
      // A job waited for but beyond the newest listed is asked for by itself.
      const listed = new Set(jobs.map((job) => job.id));
      const missing = [...waiters.keys()].filter((id) => !listed.has(id));
      const extra = await Promise.all(missing.map((id) => api.get(id)));
      if (asked !== generation) return;
      store.set({ jobs, error: null });
      settleWaiters([...jobs, ...extra]);
    } catch (error) {
      if (asked === generation) store.set((current) => ({ ...current, error }));
    }
  };

  /** Fetches the list now (one request at a time); polling goes on while it is needed. */
  function refresh(): Promise<void> {
    if (refreshing) return refreshing;
    if (timer !== null) {
      scheduler.clearTimeout(timer);
      timer = null;
    }
    refreshing = load().finally(() => {
      refreshing = null;
      schedule();
    });
    return refreshing;
  }

  return {
    store,
    refresh,

    /** Follows one job (started by the caller) until it ends; answers it as it ended. */
    follow(id: string): Promise<FsJob> {
      const ended = new Promise<FsJob>((resolve) => {
        const waiting = waiters.get(id) ?? new Set();
        waiting.add(resolve);
        waiters.set(id, waiting);
      });
      void refresh();
      return ended;
    },

    /** The panel is shown: the list is kept fresh until the answered function is called. */
    watch(): () => void {
      viewers += 1;
      void refresh();
      return () => {
        viewers -= 1;
      };
    },

    /** Puts a job the server just answered (after cancel or retry) in place. */
    replace(job: FsJob) {
      store.set((current) => ({
        ...current,
        jobs: current.jobs.some((known) => known.id === job.id)
          ? current.jobs.map((known) => (known.id === job.id ? job : known))
          : [job, ...current.jobs],
      }));
      schedule();
    },

    forget(ids: Iterable<string>) {
      const gone = new Set(ids);
      store.set((current) => ({
        ...current,
        jobs: current.jobs.filter((job) => !gone.has(job.id)),
      }));
    },

    /** The session ended: nothing is shown or asked for until the next one. */
    reset() {
      generation += 1;
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
      waiters.clear();
      store.set({ jobs: [], error: null });
    },
  };
}

export type JobFollower = ReturnType<typeof createJobFollower>;

/** The app's one follower of server jobs. */
export const jobFollower = createJobFollower();
