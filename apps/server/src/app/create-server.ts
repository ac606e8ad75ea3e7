import { hostname } from 'node:os';
import type { FsEntry } from '@sharebin/shared';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { PostgresAdapter } from 'kysely';
import type { Logger } from 'pino';
import { createApiKeysRepository } from '../modules/api-keys/api-keys.repository';
import { createApiKeysRoutes } from '../modules/api-keys/api-keys.routes';
import { createApiKeysUseCases } from '../modules/api-keys/api-keys.usecases';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { createAuthRoutes } from '../modules/auth/auth.routes';
import { createAuthUseCases } from '../modules/auth/auth.usecases';
import { createAuthenticator } from '../modules/auth/authenticator';
import { createCacheRoutes } from '../modules/cache/cache.routes';
import { createCaches } from '../modules/cache/cache.usecases';
import type { CacheCoordination } from '../modules/cache/cache-coordination';
import { inProcessCoordination } from '../modules/cache/coordination';
import { connectResolversToBus } from '../modules/cache/resolvers-bus';
import { createActivityRecorder } from '../modules/dashboard/activity.recorder';
import { createActivityRepository } from '../modules/dashboard/activity.repository';
import { createDashboardRoutes } from '../modules/dashboard/dashboard.routes';
import { createDashboardUseCases } from '../modules/dashboard/dashboard.usecases';
import { createFileRecords } from '../modules/files/file-records';
import { createFilesHousekeeping } from '../modules/files/files.housekeeping';
import { createFilesRepository } from '../modules/files/files.repository';
import { createFilesRoutes } from '../modules/files/files.routes';
import { createFilesUseCases } from '../modules/files/files.usecases';
import { createFsRoutes } from '../modules/fs/fs.routes';
import { createChecksumLookup } from '../modules/fs/fs-checksum-lookup';
import { createChecksumsRepository } from '../modules/fs/fs-checksums';
import { createFsCopyNowUseCases } from '../modules/fs/fs-copy-now.usecases';
import { createDeleteJobs } from '../modules/fs/fs-delete-job';
import { createFsChangeFollower, createListingFollower } from '../modules/fs/fs-followers';
import { createFsLocator } from '../modules/fs/fs-locator';
import { createFsQuota } from '../modules/fs/fs-quota';
import { createFsReadUseCases, type DirectoryCache } from '../modules/fs/fs-read.usecases';
import { createFsSearchRoutes } from '../modules/fs/fs-search.routes';
import { createFsSearch } from '../modules/fs/fs-search.usecases';
import { createTransferJobs } from '../modules/fs/fs-transfer-job';
import { createFsUploadUseCases } from '../modules/fs/fs-upload.usecases';
import { createFsUploadsHousekeeping } from '../modules/fs/fs-uploads.housekeeping';
import { createFsUploadsRepository } from '../modules/fs/fs-uploads.repository';
import { createFsWriteUseCases } from '../modules/fs/fs-write.usecases';
import { createJobsRepository } from '../modules/jobs/jobs.repository';
import { createJobsRoutes } from '../modules/jobs/jobs.routes';
import { createJobScheduler, scheduledJobHandler } from '../modules/jobs/jobs.schedules';
import { createJobsUseCases } from '../modules/jobs/jobs.usecases';
import {
  createJobWorker,
  DEFAULT_JOB_TIMINGS,
  type JobContext,
  type JobTimings,
} from '../modules/jobs/jobs.worker';
import { createMountResolver } from '../modules/mounts/mount-resolver';
import { createMountsRepository } from '../modules/mounts/mounts.repository';
import { createMountsRoutes } from '../modules/mounts/mounts.routes';
import { createMountsUseCases } from '../modules/mounts/mounts.usecases';
import { createPastesRepository } from '../modules/pastes/pastes.repository';
import { createPastesRoutes } from '../modules/pastes/pastes.routes';
import { createPastesUseCases } from '../modules/pastes/pastes.usecases';
import { createSearchRepository } from '../modules/search/search.repository';
import { createSearchUseCases } from '../modules/search/search.usecases';
import { createSettingsRepository } from '../modules/settings/settings.repository';
import { createSettingsRoutes } from '../modules/settings/settings.routes';
import { createSettingsUseCases } from '../modules/settings/settings.usecases';
import { createAccessTokens } from '../modules/shared/access-token';
import type { Clock } from '../modules/shared/clock';
import { randomBase62 } from '../modules/shared/crypto';
import { type Db, pingDatabase } from '../modules/shared/db';
import { createRateLimiter } from '../modules/shared/rate-limiter';
import { createSecretBox } from '../modules/shared/secret-box';
import { createSharePasswordGuard } from '../modules/shares/share-password';
import { createShareTombstones } from '../modules/shares/share-tombstones';
import { createShareTombstonesRepository } from '../modules/shares/share-tombstones.repository';
import { DEFAULT_S3_TIMEOUTS, type S3Timeouts } from '../modules/storage/drivers/s3/s3-driver';
import { createObjectDeletions } from '../modules/storage/object-deletions.usecases';
import { createPendingDeletionsRepository } from '../modules/storage/pending-deletions.repository';
import { createStorageDrivers, localStorageRoot } from '../modules/storage/storage.drivers';
import { createStorageRepository } from '../modules/storage/storage.repository';
import { createStorageRoutes } from '../modules/storage/storage.routes';
import { createStorageUseCases } from '../modules/storage/storage.usecases';
import { storageErrorToAppError } from '../modules/storage/storage-errors.mapper';
import { createLocalStorageRoutes } from '../modules/storage/storage-local.routes';
import { createLocalTransfers } from '../modules/storage/storage-local.usecases';
import { createStorageTests } from '../modules/storage/storage-test.usecases';
import { createInstanceIdentityRepository } from '../modules/system/instance-identity.repository';
import { createInstanceIdentityUseCases } from '../modules/system/instance-identity.usecases';
import { createReadiness } from '../modules/system/readiness.usecases';
import { databaseErrorToAppError } from '../modules/system/system.errors';
import { createSystemRoutes } from '../modules/system/system.routes';
import { createTransfersUseCases } from '../modules/transfers/transfers.usecases';
import type { AddressPolicy } from '../modules/url-upload/address-policy';
import { type HostResolver, systemResolver } from '../modules/url-upload/url-fetch';
import { urlFetchErrorToAppError } from '../modules/url-upload/url-upload.errors';
import { createUrlUploadRoutes } from '../modules/url-upload/url-upload.routes';
import {
  createUrlUploadUseCases,
  DEFAULT_URL_FETCH_LIMITS,
  type UrlFetchLimits,
} from '../modules/url-upload/url-upload.usecases';
import { createDavApp, DAV_PROPFIND_MAX_ENTRIES_DEFAULT } from '../modules/webdav/dav.app';
import { createDavAuthenticator } from '../modules/webdav/dav-auth';
import { createDavLocks } from '../modules/webdav/dav-locks';
import { createDavLocksRepository } from '../modules/webdav/dav-locks.repository';
import { createDavPaths, DAV_PREFIX } from '../modules/webdav/dav-paths';
import { createDavPropertiesRepository } from '../modules/webdav/dav-properties.repository';
import { createDavQuota } from '../modules/webdav/dav-quota';
import { createDavWrites } from '../modules/webdav/dav-write';
import { createCrcCache } from '../modules/zip/crc-cache';
import { createZipRoutes } from '../modules/zip/zip.routes';
import { createZipUseCases, type ZipLimits } from '../modules/zip/zip.usecases';
import { createZipJobs } from '../modules/zip/zip-job';
import { createZipLinks, ZIP_LINK_TTL_MS } from '../modules/zip/zip-links';
import { createZipPlansRepository } from '../modules/zip/zip-plans.repository';
import { mountApiDocs } from './api-docs';
import type { AppEnv } from './app-env';
import { outsideBasePath, pathUnderBase } from './base-path';
import { createMetrics } from './metrics';
import { compressJsonAnswers } from './middlewares/compress-json';
import { apiNotFound, errorHandler } from './middlewares/error-handler';
import { headAnswers } from './middlewares/head-answers';
import { requestContext } from './middlewares/request-context';
import { requestLog } from './middlewares/request-log';
import { securityHeaders } from './middlewares/security-headers';
import { buildOpenApiDocument } from './openapi';
import { createOperationsApp, requestMetrics } from './operations';
import { basePathOf } from './public-origin';
import { registerRoutes } from './register-routes';
import { serveWebApp } from './web-app';

export interface ServerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  version: string;
  /** Encrypts stored secrets and signs share access tokens (used by the storage and share domains). */
  secretKey: string;
  adminSessionTtlMs: number;
  /** Local storages and other files live here. */
  dataDir: string;
  /**
   * `PUBLIC_URL` without its trailing slash: links start with it, and its path (`/sb`) is the
   * one the whole app lives under. Empty: links use the origin the client used, at the root.
   */
  publicUrl: string;
  /** Which addresses URL uploads may fetch (public only, unless configured). */
  urlAddressPolicy: AddressPolicy;
  /** How URL uploads resolve host names; the system resolver unless given. */
  urlResolver?: HostResolver;
  /** Connection and idle timeouts of S3 calls; defaults unless given. */
  s3Timeouts?: S3Timeouts;
  /** Idle timeout and deadlines of URL fetches; defaults unless given. */
  urlFetchLimits?: UrlFetchLimits;
  /** Largest paste content, in UTF-8 bytes. */
  maxPasteBytes: number;
  trustProxyHops: number;
  corsOrigins: string[];
  /** Folder of the built web app; without it only `/api` is served. */
  webDistDir?: string | undefined;
  /** How caches reach the other instances (PostgreSQL or Redis); this process alone unless given. */
  cacheCoordination?: CacheCoordination;
  /** Lease, heartbeat and poll periods of the job worker; the defaults unless given. */
  jobTimings?: JobTimings;
  /** A folder with more files than this is deleted by a job (LARGE_DELETE_FILES unless given). */
  largeDeleteFiles?: number;
  /** WebDAV Depth: infinity lists at most this many entries (DAV_PROPFIND_MAX_ENTRIES). */
  davPropfindMaxEntries?: number;
  /** Budget and entry limit of direct zip archives (the module's constants unless given). */
  zipLimits?: ZipLimits;
  /**
   * HTTP_IDLE_TIMEOUT: the longest a streamed upload of a running process stays silent, which
   * tells the housekeeping when one of another instance is abandoned (its default unless given).
   */
  httpIdleTimeoutMs?: number;
  /** How often the scheduled housekeeping runs; 10 minutes unless given. */
  housekeepingIntervalMs?: number;
  /** METRICS_TOKEN: `Bearer` token of `/metrics` besides the admin's; empty or absent: admin only. */
  metricsToken?: string;
  /** PostgreSQL's pool now (the handle's `poolStats`), for the metrics; absent on SQLite. */
  databasePool?: () => { total: number; idle: number; waiting: number };
}

/** The periodic clean-ups run once per period across all instances (HOUSEKEEPING_INTERVAL). */
const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

/** The one composition root: builds every repository, use case and route from `deps`. */
export function createServer(deps: ServerDeps) {
  const { db, clock, logger } = deps;
  const metrics = createMetrics({
    queueDepth: () => jobsRepository.queueDepth(),
    jobTypes: () => Object.keys(jobHandlers),
    cacheLookups: () => caches.stats().caches,
    databasePool: deps.databasePool,
  });
  const rateLimiter = createRateLimiter({ db, clock });
  const caches = createCaches({
    coordination: deps.cacheCoordination ?? inProcessCoordination(),
    clock,
    findMountPath: async (mountId) => (await mountsRepository.findById(mountId))?.mount_path,
  });
  const auth = createAuthUseCases({
    repository: createAuthRepository({ db }),
    rateLimiter,
    clock,
    sessionTtlMs: deps.adminSessionTtlMs,
    sessions: caches.internalCache('admin-sessions'),
  });
  const apiKeys = createApiKeysUseCases({ repository: createApiKeysRepository({ db }), clock });
  const settings = createSettingsUseCases({ repository: createSettingsRepository({ db }), clock });
  const passwordGuard = createSharePasswordGuard({ rateLimiter });
  const accessTokens = createAccessTokens({ secretKey: deps.secretKey, clock });
  const tombstones = createShareTombstones({
    repository: createShareTombstonesRepository({ db }),
    clock,
  });
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const activityRepository = createActivityRepository({ db, engine });
  // Every domain counts its activity here; the caches' hits and misses are read at each flush.
  const activity = createActivityRecorder({
    repository: activityRepository,
    clock,
    logger,
    sources: () => [caches.lookupDeltas],
  });
  const pastes = createPastesUseCases({
    repository: createPastesRepository({ db }),
    passwordGuard,
    accessTokens,
    tombstones,
    clock,
    maxContentBytes: deps.maxPasteBytes,
    activity,
  });
  const storage = createStorageUseCases({
    repository: createStorageRepository({ db }),
    secrets: createSecretBox(deps.secretKey),
    clock,
  });
  const directories = caches.cache<FsEntry[]>('directories') satisfies DirectoryCache;
  const search = createSearchUseCases({
    repository: createSearchRepository({ db, engine }),
    clock,
  });
  const mountsRepository = createMountsRepository({ db });
  const mountResolver = createMountResolver({
    loadActiveMounts: () => mounts.listActive(),
    clock,
  });
  const mounts = createMountsUseCases({
    repository: mountsRepository,
    storageTypeOf: storage.typeOf,
    clock,
    // Every instance's tree and listings, before the change answers; a deleted mount's index goes.
    onChange: async ({ mountId, paths, removed }) => {
      await Promise.all(paths.map((path) => directories.invalidatePrefix(path)));
      await resolversBus.mountsChanged();
      // After the files written to it are in (their batch would bring its rows back).
      if (removed) await fsChanges.drain().then(() => search.dropMount(mountId));
    },
  });
  // A storage config edited or deleted: the listings of the mounts on it.
  storage.onConfigChanged(async (configId) => {
    const affected = (await mounts.list()).filter((m) => m.storage_config_id === configId);
    await Promise.all(affected.map((mount) => directories.invalidatePrefix(mount.mount_path)));
  });
  const drivers = createStorageDrivers({
    storage,
    dataDir: deps.dataDir,
    secretKey: deps.secretKey,
    publicUrl: deps.publicUrl,
    clock,
    s3Timeouts: deps.s3Timeouts ?? DEFAULT_S3_TIMEOUTS,
    logger,
    instrument: metrics.instrumentDriver,
  });
  const resolversBus = connectResolversToBus({ bus: caches.bus, drivers, mountResolver, logger });
  const filesRepository = createFilesRepository({ db });
  const localTransfers = createLocalTransfers({
    drivers,
    clock,
    publicUrl: deps.publicUrl,
    noteUploadActivity: (configId, key) =>
      filesRepository.noteUploadActivity(
        { storage_config_id: configId, storage_path: key },
        clock.now(),
      ),
  });
  const objectDeletions = createObjectDeletions({
    drivers,
    repository: createPendingDeletionsRepository({ db }),
    clock,
  });
  const maxUploadBytes = async () => (await settings.maxUploadSize()).max_upload_size_bytes;
  const fsLocator = createFsLocator({
    mounts: mountResolver,
    drivers,
    sharesAtOrBelow: filesRepository.countAtOrBelow,
  });
  // Every file-system write reports here, whichever flow made it (caches, search index).
  const fileChecksums = createChecksumsRepository(db);
  const fsChanges = createFsChangeFollower({
    directories,
    search,
    checksums: fileChecksums,
    clock,
    logger,
  });
  const onFsChange = fsChanges.follow;
  const fileRecords = createFileRecords({
    repository: filesRepository,
    storage,
    tombstones,
    objectDeletions,
  });
  const files = createFilesUseCases({
    repository: filesRepository,
    records: fileRecords,
    storage,
    drivers,
    passwordGuard,
    accessTokens,
    tombstones,
    clock,
    activity,
  });
  const transfers = createTransfersUseCases({
    repository: filesRepository,
    records: fileRecords,
    storage,
    drivers,
    clock,
    maxUploadBytes,
    activity,
  });
  const filesHousekeeping = createFilesHousekeeping({
    repository: filesRepository,
    records: fileRecords,
    storage,
    drivers,
    clock,
  });
  const fsUploads = createFsUploadsRepository({ db });
  const fsQuota = createFsQuota({
    uploads: fsUploads,
    capacityOf: async (configId) => (await drivers.resolve(configId)).config.total_capacity_bytes,
    clock,
  });
  const fsUploadsHousekeeping = createFsUploadsHousekeeping({
    uploads: fsUploads,
    drivers,
    configIds: storage.configIds,
    clock,
    ...(deps.httpIdleTimeoutMs === undefined ? {} : { httpIdleTimeoutMs: deps.httpIdleTimeoutMs }),
  });
  const urls = createUrlUploadUseCases({
    policy: deps.urlAddressPolicy,
    resolve: deps.urlResolver ?? systemResolver,
    limits: deps.urlFetchLimits ?? DEFAULT_URL_FETCH_LIMITS,
    maxUploadBytes,
  });
  const instanceIdentity = createInstanceIdentityUseCases({
    repository: createInstanceIdentityRepository({ db }),
    secretKey: deps.secretKey,
    clock,
  });
  const authenticate = createAuthenticator({
    adminToken: auth.authenticateAdminToken,
    apiKey: apiKeys.authenticate,
  });

  const jobsRepository = createJobsRepository({ db, engine });
  const jobs = createJobsUseCases({
    repository: jobsRepository,
    clock,
    principalById: apiKeys.principalById,
    // A zip job is its link's plan: once the link has expired nobody can use it (the link
    // outlives its job by nothing, as the job finishes after the link was issued).
    retentionByType: { zip: ZIP_LINK_TTL_MS },
  });
  const principalOf = (context: JobContext) => jobs.principalOf(context.job);
  const fsWrite = createFsWriteUseCases({
    locator: fsLocator,
    quota: fsQuota,
    onChange: onFsChange,
    activity,
  });
  const transferJobs = createTransferJobs({
    locator: fsLocator,
    quota: fsQuota,
    onChange: onFsChange,
    principalOf,
    enqueue: (kind, principal, payload) => jobs.enqueue(kind, principal, payload),
    retryDelaysMs: (deps.jobTimings ?? DEFAULT_JOB_TIMINGS).retryDelaysMs,
  });
  const deleteJobs = createDeleteJobs({
    locator: fsLocator,
    write: fsWrite,
    onChange: onFsChange,
    principalOf,
    enqueue: (principal, payload) => jobs.enqueue('delete', principal, payload),
    largeDeleteFiles: deps.largeDeleteFiles,
  });
  const zipJobs = createZipJobs({
    locator: fsLocator,
    plans: createZipPlansRepository({ db }),
    jobs: jobsRepository,
    principalOf,
  });
  const housekeeping = {
    type: 'housekeeping',
    intervalMs: deps.housekeepingIntervalMs ?? HOUSEKEEPING_INTERVAL_MS,
    run: async () => ({
      sessions: await auth.deleteExpiredSessions(),
      limits: await rateLimiter.deleteExpired(),
      pastes: (await pastes.clearFinished()).deleted,
      files: (await filesHousekeeping.cleanUp()).deleted,
      fsUploads: await fsUploadsHousekeeping.cleanUp(),
      objects: await objectDeletions.retryDue(),
      tombstones: await tombstones.prune(),
      cacheScopes: await caches.pruneGenerations(),
      jobs: await jobs.pruneFinished(),
      davLocks: await davLocks.pruneExpired(clock.now()),
      activityBuckets: await activity.prune(),
    }),
  };
  const jobHandlers = {
    copy: transferJobs.copy,
    move: transferJobs.move,
    delete: deleteJobs.handler,
    zip: zipJobs.handler,
    housekeeping: scheduledJobHandler(housekeeping, logger),
  };
  const worker = createJobWorker({
    repository: jobsRepository,
    handlers: jobHandlers,
    onFinished: metrics.jobFinished,
    clock,
    logger,
    workerId: `${hostname()}:${process.pid}:${randomBase62(8)}`,
    timings: deps.jobTimings ?? DEFAULT_JOB_TIMINGS,
  });
  const scheduler = createJobScheduler({
    repository: jobsRepository,
    enqueue: (type) => jobs.enqueue(type, 'system', {}),
    clock,
    logger,
    schedules: [housekeeping],
  });
  const jobRunner = {
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
  };

  const readiness = createReadiness({
    pingDatabase: () => pingDatabase(db),
    storages: storage.summaries,
    probeStorage: async (configId) => {
      await (await drivers.forConfig(configId)).list('', { limit: 1 });
    },
    clock,
    logger,
  });

  const fsRead = createFsReadUseCases({
    locator: fsLocator,
    mounts: mountResolver,
    clock,
    directories,
    onListed: createListingFollower({
      search,
      noteRefreshed: mounts.noteRefreshed,
      clock,
      logger,
    }),
  });

  const routes = [
    ...createSystemRoutes({ readiness, version: deps.version }),
    ...createAuthRoutes({ auth }),
    ...createApiKeysRoutes({ apiKeys }),
    ...createSettingsRoutes({ settings }),
    ...createPastesRoutes({ pastes, maxContentBytes: deps.maxPasteBytes }),
    ...createStorageRoutes({
      storage,
      tests: createStorageTests({ storage, drivers, localTransfers, clock }),
    }),
    ...createLocalStorageRoutes({ transfers: localTransfers, activity }),
    ...createMountsRoutes({ mounts }),
    ...createFsRoutes({
      read: fsRead,
      write: fsWrite,
      jobs: { transfers: transferJobs, deletes: deleteJobs },
      uploads: createFsUploadUseCases({
        locator: fsLocator,
        quota: fsQuota,
        drivers,
        onChange: onFsChange,
        maxUploadBytes,
        tokens: accessTokens,
        clock,
        activity,
      }),
      maxUploadBytes,
      activity,
    }),
    ...createZipRoutes({
      zip: createZipUseCases({
        locator: fsLocator,
        links: createZipLinks({ tokens: accessTokens, apiKeyPrincipal: apiKeys.principalById }),
        crcs: createCrcCache(),
        clock,
        jobs: zipJobs,
        enqueue: (principal, paths) => jobs.enqueue('zip', principal, { paths }),
        limits: deps.zipLimits,
      }),
    }),
    ...createFsSearchRoutes({
      fsSearch: createFsSearch({
        search,
        activeMounts: mounts.listActive,
        mountById: mounts.get,
        storageOf: (mount) => drivers.forConfig(mount.storage_config_id),
        indexed: fsChanges.drain,
        logger,
      }),
    }),
    ...createFilesRoutes({ files, transfers, activity }),
    ...createUrlUploadRoutes({ urls, transfers }),
    ...createCacheRoutes({ caches }),
    ...createJobsRoutes({ jobs }),
    ...createDashboardRoutes({
      dashboard: createDashboardUseCases({
        sources: { pastes, files, apiKeys, storage, jobs },
        activity: activityRepository,
        flushActivity: activity.flush,
        clock,
      }),
    }),
  ];

  // Under the path of PUBLIC_URL (`/sb`), routes match below it; at the root nothing changes.
  const basePath = basePathOf(deps.publicUrl);
  const app = new Hono<AppEnv>(basePath ? { getPath: pathUnderBase(basePath) } : {});
  app.onError(
    errorHandler([storageErrorToAppError, urlFetchErrorToAppError, databaseErrorToAppError]),
  );
  app.use(requestContext({ trustProxyHops: deps.trustProxyHops, publicUrl: deps.publicUrl }));
  app.use(requestLog(logger));
  app.use(requestMetrics(metrics));
  app.use(securityHeaders());
  app.use(headAnswers());
  if (basePath) app.use(outsideBasePath(basePath));

  const api = new Hono<AppEnv>();
  api.use(compressJsonAnswers());
  if (deps.corsOrigins.length > 0) {
    api.use(
      cors({
        origin: deps.corsOrigins,
        exposeHeaders: ['X-Request-Id', 'Retry-After'],
        maxAge: 600,
      }),
    );
  }
  registerRoutes({ api, routes, authenticate });
  mountApiDocs(api, () =>
    buildOpenApiDocument(routes, { version: deps.version, publicUrl: deps.publicUrl }),
  );
  api.all('*', apiNotFound(routes));
  app.route('/api', api);
  app.route(
    '/',
    createOperationsApp({
      metrics,
      metricsToken: deps.metricsToken ?? '',
      authenticate,
      readiness,
    }),
  );

  const davProperties = createDavPropertiesRepository({ db });
  const davLocks = createDavLocksRepository({ db, engine });
  // Under the path of PUBLIC_URL, clients address WebDAV (and read its hrefs) with that path.
  const davPaths = createDavPaths(`${basePath}${DAV_PREFIX}`);
  app.route(
    DAV_PREFIX,
    createDavApp({
      properties: davProperties,
      locks: createDavLocks({
        repository: davLocks,
        read: fsRead,
        write: fsWrite,
        clock,
        paths: davPaths,
      }),
      authenticate: createDavAuthenticator({
        verifyAdmin: auth.verifyCredentials,
        verifyApiKey: apiKeys.authenticate,
        clock,
      }),
      read: fsRead,
      quota: createDavQuota({
        storageAt: async (at) => {
          const found = await mountResolver.resolve(at);
          return found.kind === 'mount' ? found.mount.storage_config_id : null;
        },
        configOf: (id) => storage.get(id),
        localFolderOf: async (id) =>
          localStorageRoot((await drivers.resolve(id)).config, deps.dataDir),
      }),
      checksums: createChecksumLookup({
        locator: fsLocator,
        checksums: fileChecksums,
        indexed: fsChanges.drain,
      }),
      writes: createDavWrites({
        read: fsRead,
        write: fsWrite,
        copyNow: createFsCopyNowUseCases({
          locator: fsLocator,
          quota: fsQuota,
          onChange: onFsChange,
        }),
        properties: davProperties,
        uploadRules: settings.webdavUploadRules,
        paths: davPaths,
      }),
      maxInfinityEntries: deps.davPropfindMaxEntries ?? DAV_PROPFIND_MAX_ENTRIES_DEFAULT,
      activity,
      paths: davPaths,
    }),
  );

  if (deps.webDistDir) app.get('*', serveWebApp(deps.webDistDir, { basePath }));

  return {
    app,
    routes,
    useCases: {
      auth,
      apiKeys,
      settings,
      pastes,
      storage,
      mounts,
      files,
      transfers,
      filesHousekeeping,
      instanceIdentity,
    },
    drivers,
    /** Where virtual paths land among the active mounts; the cache bus calls its `invalidate()`. */
    mountResolver,
    /** Named caches and the bus (`bus.subscribe` / `bus.publish` for per-process caches elsewhere). */
    caches,
    /** The durable job queue: `start()` runs this instance's worker and scheduler. */
    jobs: jobRunner,
    /**
     * Activity counted for the dashboard: `start()` flushes it every few seconds, `stop()`
     * adds what is left (at shutdown), `flush()` at once.
     */
    activity,
    /**
     * Files written go to the search index in batches: `drain()` writes what waits (before the
     * database closes at shutdown).
     */
    fsIndex: { drain: fsChanges.drain },
    /** The periodic clean-ups at once (the scheduled `housekeeping` job runs the same). */
    housekeeping: housekeeping.run,
    /**
     * What uploads streamed by a process that is gone left behind (open multipart uploads,
     * temp files, held bytes); run at start, so that a restart after a crash frees them at once.
     */
    sweepAbandonedUploads: async () => ({
      ...(await fsUploadsHousekeeping.sweepAbandoned()),
      shareUploads: await filesHousekeeping.sweepAbandoned(),
    }),
  };
}

export type Server = ReturnType<typeof createServer>;
