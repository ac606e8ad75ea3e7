import { hostname } from 'node:os';
import { createExtractJobs } from '../../modules/fs/archives/fs-extract.job';
import { createReindexJobs } from '../../modules/fs/search/fs-reindex.job';
import { createDeleteJobs } from '../../modules/fs/transfers/fs-delete.job';
import { createTransferJobs } from '../../modules/fs/transfers/fs-transfer.job';
import {
  createJobScheduler,
  type Schedule,
  scheduledJobHandler,
} from '../../modules/jobs/jobs.schedules';
import { createJobsUseCases } from '../../modules/jobs/jobs.usecases';
import {
  createJobWorker,
  DEFAULT_JOB_TIMINGS,
  type JobContext,
  type JobHandler,
} from '../../modules/jobs/jobs.worker';
import { randomBase62 } from '../../modules/shared/crypto';
import { createZipJobs } from '../../modules/zip/zip-job';
import { ZIP_LINK_TTL_MS } from '../../modules/zip/zip-links';
import { createZipPlansRepository } from '../../modules/zip/zip-plans.repository';
import type { Accounts } from './accounts';
import type { FileSystem } from './file-system';
import type { JobType } from './job-types';
import type { Platform } from './platform';
import type { ServerDeps } from './server-deps';
import type { Storage } from './storage';

/** How often the mounts whose search index is rebuilt on a schedule are looked at. */
const REINDEX_CHECK_MS = 60_000;

/** The durable job queue's use cases: enqueue, follow, cancel, prune. */
export function wireJobQueue(
  deps: ServerDeps,
  { jobsRepository }: Platform,
  { apiKeys }: Accounts,
) {
  return createJobsUseCases({
    repository: jobsRepository,
    clock: deps.clock,
    principalById: apiKeys.principalById,
    // A zip job is its link's plan: once the link has expired nobody can use it (the link
    // outlives its job by nothing, as the job finishes after the link was issued).
    retentionByType: { zip: ZIP_LINK_TTL_MS },
  });
}

export type JobQueue = ReturnType<typeof wireJobQueue>;

/** What runs the jobs: one handler per type, this instance's worker and its scheduler. */
export function wireJobRunner(
  deps: ServerDeps,
  { jobsRepository, metrics }: Platform,
  fs: FileSystem,
  jobs: JobQueue,
  housekeeping: Schedule,
  { drivers }: Storage,
  { maxUploadBytes }: Pick<Accounts, 'maxUploadBytes'>,
) {
  const { db, clock, logger } = deps;
  const timings = deps.jobTimings ?? DEFAULT_JOB_TIMINGS;
  const principalOf = (context: JobContext) => jobs.principalOf(context.job);
  const transferJobs = createTransferJobs({
    locator: fs.locator,
    quota: fs.quota,
    onChange: fs.onChange,
    principalOf,
    enqueue: (kind, principal, payload) => jobs.enqueue(kind, principal, payload),
    retryDelaysMs: timings.retryDelaysMs,
  });
  const deleteJobs = createDeleteJobs({
    locator: fs.locator,
    write: fs.write,
    onChange: fs.onChange,
    principalOf,
    enqueue: (principal, payload) => jobs.enqueue('delete', principal, payload),
    largeDeleteFiles: deps.largeDeleteFiles,
  });
  const extractJobs = createExtractJobs({
    archives: fs.archives,
    locator: fs.locator,
    quota: fs.quota,
    onChange: fs.onChange,
    principalOf,
    enqueue: (principal, payload) => jobs.enqueue('extract', principal, payload),
    retryDelaysMs: timings.retryDelaysMs,
    maxUploadBytes,
    ...(deps.extractLimits ? { limits: deps.extractLimits } : {}),
  });
  const reindexJobs = createReindexJobs({
    search: fs.search,
    mountById: fs.mounts.get,
    activeMounts: fs.mounts.listActive,
    storageOf: (mount) => drivers.forConfig(mount.storage_config_id),
    enqueue: (owner, payload) => jobs.enqueue('reindex', owner, payload),
    unfinishedPayloads: () => jobsRepository.unfinishedPayloads('reindex'),
    clock,
  });
  // Mounts with `reindex_minutes` are looked at every minute, once across all instances.
  const reindexSchedule: Schedule = {
    type: 'search-reindex',
    intervalMs: REINDEX_CHECK_MS,
    run: () => reindexJobs.enqueueDue(),
  };
  const zipJobs = createZipJobs({
    locator: fs.locator,
    plans: createZipPlansRepository({ db }),
    jobs: jobsRepository,
    principalOf,
  });
  const handlers: Record<JobType, JobHandler> = {
    copy: transferJobs.copy,
    move: transferJobs.move,
    delete: deleteJobs.handler,
    zip: zipJobs.handler,
    extract: extractJobs.handler,
    reindex: reindexJobs.handler,
    housekeeping: scheduledJobHandler(housekeeping, logger),
    'search-reindex': scheduledJobHandler(reindexSchedule, logger),
  };
  const worker = createJobWorker({
    repository: jobsRepository,
    handlers,
    onFinished: metrics.jobFinished,
    clock,
    logger,
    workerId: `${hostname()}:${process.pid}:${randomBase62(8)}`,
    timings,
  });
  const scheduler = createJobScheduler({
    repository: jobsRepository,
    enqueue: (type) => jobs.enqueue(type, 'system', {}),
    clock,
    logger,
    schedules: [housekeeping, reindexSchedule],
  });
  return {
    transferJobs,
    deleteJobs,
    zipJobs,
    extractJobs,
    reindexJobs,
    runner: {
      useCases: jobs,
      worker,
      scheduler,
      start() {
        worker.start();
        scheduler.start();
      },
      /** Hands running jobs back to the queue for another instance (or this one's next start). */
      async stop() {
        scheduler.stop();
        await worker.stop();
      },
    },
  };
}

export type JobRunner = ReturnType<typeof wireJobRunner>;
