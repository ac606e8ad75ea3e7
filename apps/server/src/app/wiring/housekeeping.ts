import type { Schedule } from '../../modules/jobs/jobs.schedules';
import type { Accounts } from './accounts';
import type { FileSystem } from './file-system';
import type { Platform } from './platform';
import type { ServerDeps } from './server-deps';
import type { Shares } from './shares';
import type { Storage } from './storage';

/** The periodic clean-ups run once per period across all instances (HOUSEKEEPING_INTERVAL). */
const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/**
 * Every area's periodic clean-up as one scheduled job: what expired or finished goes, what a
 * crash left half-done is retried. Each step runs after the previous one; the job's result
 * counts what each removed.
 */
export function wireHousekeeping(
  deps: ServerDeps,
  { rateLimiter, tombstones, caches, activity }: Platform,
  { auth }: Accounts,
  { objectDeletions }: Storage,
  { pastes, filesHousekeeping }: Shares,
  fs: FileSystem,
  pruneFinishedJobs: () => Promise<number>,
) {
  return {
    type: 'housekeeping',
    intervalMs: deps.housekeepingIntervalMs ?? HOUSEKEEPING_INTERVAL_MS,
    run: async () => ({
      sessions: await auth.deleteExpiredSessions(),
      limits: await rateLimiter.deleteExpired(),
      pastes: (await pastes.clearFinished()).deleted,
      files: (await filesHousekeeping.cleanUp()).deleted,
      fsUploads: await fs.uploadsHousekeeping.cleanUp(),
      uploadRequestArrivals: await fs.uploadRequestsHousekeeping.releaseAbandoned(),
      objects: await objectDeletions.retryDue(),
      tombstones: await tombstones.prune(),
      cacheScopes: await caches.pruneGenerations(),
      jobs: await pruneFinishedJobs(),
      davLocks: await fs.davLocks.pruneExpired(deps.clock.now()),
      activityBuckets: await activity.prune(),
    }),
  } satisfies Schedule;
}
