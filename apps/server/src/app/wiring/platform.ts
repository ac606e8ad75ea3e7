import { PostgresAdapter } from 'kysely';
import { createCaches } from '../../modules/cache/cache.usecases';
import { inProcessCoordination } from '../../modules/cache/coordination';
import { createActivityRecorder } from '../../modules/dashboard/activity.recorder';
import { createActivityRepository } from '../../modules/dashboard/activity.repository';
import { createJobsRepository } from '../../modules/jobs/jobs.repository';
import { createMountsRepository } from '../../modules/mounts/mounts.repository';
import { createAccessTokens } from '../../modules/shared/access-token';
import { createPasswordHasher } from '../../modules/shared/crypto';
import type { DatabaseEngine } from '../../modules/shared/db';
import { createRateLimiter } from '../../modules/shared/rate-limiter';
import { createSharePasswordGuard } from '../../modules/shares/share-password';
import { createShareTombstones } from '../../modules/shares/share-tombstones';
import { createShareTombstonesRepository } from '../../modules/shares/share-tombstones.repository';
import { createMetrics } from '../metrics';
import { JOB_TYPES } from './job-types';
import type { ServerDeps } from './server-deps';

/** What every area uses: metrics, caches, activity counts, rate limits, share tokens. */
export function wirePlatform(deps: ServerDeps) {
  const { db, clock, logger } = deps;
  const engine: DatabaseEngine =
    db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const mountsRepository = createMountsRepository({ db });
  const jobsRepository = createJobsRepository({ db, engine });
  const caches = createCaches({
    coordination: deps.cacheCoordination ?? inProcessCoordination(),
    clock,
    findMountPath: async (mountId) => (await mountsRepository.findById(mountId))?.mount_path,
  });
  const metrics = createMetrics({
    queueDepth: () => jobsRepository.queueDepth(),
    jobTypes: () => [...JOB_TYPES],
    cacheLookups: () => caches.stats().caches,
    databasePool: deps.databasePool,
  });
  const rateLimiter = createRateLimiter({ db, clock });
  const passwords = createPasswordHasher(deps.passwordHashCost);
  const activityRepository = createActivityRepository({ db, engine });
  // Every domain counts its activity here; the caches' hits and misses are read at each flush.
  const activity = createActivityRecorder({
    repository: activityRepository,
    clock,
    logger,
    sources: () => [caches.lookupDeltas],
  });
  return {
    engine,
    mountsRepository,
    jobsRepository,
    caches,
    metrics,
    rateLimiter,
    activityRepository,
    activity,
    passwords,
    passwordGuard: createSharePasswordGuard({ rateLimiter, passwords }),
    accessTokens: createAccessTokens({ secretKey: deps.secretKey, clock }),
    tombstones: createShareTombstones({
      repository: createShareTombstonesRepository({ db }),
      clock,
    }),
  };
}

export type Platform = ReturnType<typeof wirePlatform>;
