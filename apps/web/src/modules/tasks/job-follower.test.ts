import type { FsJob } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { createJobFollower, JOB_POLL_MS } from './job-follower';
import {
  canDownloadAgain,
  countRunning,
  jobPercent,
  jobStatusShown,
  jobSubject,
} from './task-view';

const job = (id: string, change: Partial<FsJob> = {}): FsJob => ({
  id,
  type: 'copy',
  status: 'running',
  partial: false,
  subject: { source: '/docs/photos', target: '/backup', paths: 1 },
  items_total: 4,
  items_done: 1,
  bytes_total: 0,
  bytes_done: 0,
  success: 1,
  skipped: 0,
  failed: 0,
  errors: [],
  error: null,
  error_code: null,
  cancel_requested: false,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: '2026-01-01T00:00:01.000Z',
  finished_at: null,
  ...change,
});

/** The server's answers, changed by the test, and a clock the test moves by hand. */
function harness(initial: FsJob[]) {
  let jobs = initial;
  const timers: { run: () => void; ms: number }[] = [];
  let listCalls = 0;
  const follower = createJobFollower({
    api: {
      list: async () => {
        listCalls += 1;
        return jobs;
      },
      get: async (id) => {
        const found = jobs.find((candidate) => candidate.id === id);
        if (!found) throw new Error('not found');
        return found;
      },
    },
    scheduler: {
      setTimeout: (run, ms) => {
        const timer = { run, ms };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (handle) => {
        const index = timers.indexOf(handle as (typeof timers)[number]);
        if (index >= 0) timers.splice(index, 1);
      },
    },
  });
  return {
    follower,
    timers,
    calls: () => listCalls,
    setServer: (next: FsJob[]) => {
      jobs = next;
    },
    /** Runs the poll that is due and waits for its answer. */
    async tick() {
      const timer = timers.shift();
      if (!timer) throw new Error('no poll is scheduled');
      timer.run();
      await follower.refresh();
    },
  };
}

describe('following the server jobs', () => {
  it('polls while a job runs and stops once every job has ended', async () => {
    const server = harness([job('a'), job('b', { status: 'completed', items_done: 4 })]);
    await server.follower.refresh();
    expect(server.follower.store.get().jobs.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(server.timers.map((timer) => timer.ms)).toEqual([JOB_POLL_MS]);

    server.setServer([job('a', { status: 'completed' }), job('b', { status: 'completed' })]);
    await server.tick();
    expect(server.follower.store.get().jobs[0]?.status).toBe('completed');
    expect(server.timers).toEqual([]);
  });

  it('answers a followed job once it ends, asking for it alone when the list lacks it', async () => {
    const server = harness([]);
    const ended = server.follower.follow('far');
    server.setServer([]);
    // The list lacks it and it is not found yet: polling goes on while someone waits.
    await server.follower.refresh().catch(() => undefined);
    expect(server.timers).toHaveLength(1);

    server.setServer([job('far', { status: 'failed', error: 'boom' })]);
    await server.tick();
    await expect(ended).resolves.toMatchObject({ id: 'far', status: 'failed' });
    expect(server.timers).toEqual([]);
  });

  it('asks once at a time however many callers want a refresh', async () => {
    const server = harness([job('a', { status: 'completed' })]);
    await Promise.all([server.follower.refresh(), server.follower.refresh()]);
    expect(server.calls()).toBe(1);
  });

  it('forgets everything when the session ends', async () => {
    const server = harness([job('a')]);
    await server.follower.refresh();
    server.follower.reset();
    expect(server.follower.store.get().jobs).toEqual([]);
    expect(server.timers).toEqual([]);
  });
});

describe('how a task is shown', () => {
  it('a completed job with failed items is partly completed; a cancel asked for shows', () => {
    expect(jobStatusShown(job('a', { status: 'completed', partial: true, failed: 2 }))).toBe(
      'partial',
    );
    expect(jobStatusShown(job('a', { status: 'completed' }))).toBe('completed');
    expect(jobStatusShown(job('a', { cancel_requested: true }))).toBe('cancelling');
    expect(jobStatusShown(job('a', { status: 'cancelled', cancel_requested: true }))).toBe(
      'cancelled',
    );
  });

  it('measures progress by bytes when known, else by items', () => {
    expect(jobPercent(job('a', { bytes_total: 200, bytes_done: 50 }))).toBe(25);
    expect(jobPercent(job('a', { items_total: 4, items_done: 3 }))).toBe(75);
  });

  it('counts what runs on the server and in the browser', () => {
    expect(countRunning([job('a'), job('b', { status: 'completed' })], [])).toBe(1);
  });

  it('offers a download again only until its link expires', () => {
    const task = {
      id: 'd',
      kind: 'download' as const,
      name: 'basket.zip',
      detail: null,
      status: 'started' as const,
      percent: 0,
      loaded: 0,
      total: null,
      speed: null,
      error: null,
      url: '/zip?token=t',
      expiresAt: '2026-01-01T00:05:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(canDownloadAgain(task, Date.parse('2026-01-01T00:04:59.000Z'))).toBe(true);
    expect(canDownloadAgain(task, Date.parse('2026-01-01T00:05:01.000Z'))).toBe(false);
  });
});

describe('an open panel', () => {
  it('keeps polling while it is shown, so jobs started elsewhere appear, and stops after', async () => {
    const server = harness([]);
    const unwatch = server.follower.watch();
    await server.follower.refresh();
    expect(server.timers).toHaveLength(1);
    server.setServer([job('elsewhere')]);
    await server.tick();
    expect(server.follower.store.get().jobs.map((entry) => entry.id)).toEqual(['elsewhere']);

    unwatch();
    server.setServer([job('elsewhere', { status: 'completed' })]);
    await server.tick();
    expect(server.timers).toEqual([]);
  });
});

describe("a job's name in the list", () => {
  it('is the last name of its first path, how many more, and where it goes', () => {
    expect(jobSubject(job('a'))).toEqual({
      name: 'photos',
      more: 0,
      route: '/docs/photos → /backup',
    });
    const zip = job('b', { type: 'zip', subject: { source: '/docs/a', target: null, paths: 3 } });
    expect(jobSubject(zip)).toEqual({ name: 'a', more: 2, route: '/docs/a' });
    const bare = job('c', { subject: { source: null, target: null, paths: 0 } });
    expect(jobSubject(bare).name).toBeNull();
  });
});
