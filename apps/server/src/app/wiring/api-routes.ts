import { createApiKeysRoutes } from '../../modules/api-keys/api-keys.routes';
import { createAuthRoutes } from '../../modules/auth/auth.routes';
import { createCacheRoutes } from '../../modules/cache/cache.routes';
import { createDashboardRoutes } from '../../modules/dashboard/dashboard.routes';
import { createDashboardUseCases } from '../../modules/dashboard/dashboard.usecases';
import { createFilesRoutes } from '../../modules/files/files.routes';
import { createFsArchiveRoutes } from '../../modules/fs/archives/fs-archives.routes';
import { createFsRoutes } from '../../modules/fs/fs.routes';
import { createFsSearchRoutes } from '../../modules/fs/search/fs-search.routes';
import { createFsSearch } from '../../modules/fs/search/fs-search.usecases';
import { createFsThumbnailRoutes } from '../../modules/fs/thumbnails/fs-thumbnails.routes';
import { createFsShareVisits } from '../../modules/fs-shares/fs-share-visits.usecases';
import { createFsSharesRoutes } from '../../modules/fs-shares/fs-shares.routes';
import { createFsSharesUseCases } from '../../modules/fs-shares/fs-shares.usecases';
import { createJobsRoutes } from '../../modules/jobs/jobs.routes';
import { createLinksRoutes } from '../../modules/links/links.routes';
import { createMountsRoutes } from '../../modules/mounts/mounts.routes';
import { createPastesRoutes } from '../../modules/pastes/pastes.routes';
import { createSettingsRoutes } from '../../modules/settings/settings.routes';
import { createStorageRoutes } from '../../modules/storage/configs/storage.routes';
import { createStorageTests } from '../../modules/storage/configs/storage-test.usecases';
import { createLocalStorageRoutes } from '../../modules/storage/signed/storage-local.routes';
import type { ReadinessUseCases } from '../../modules/system/readiness.usecases';
import { createSystemRoutes } from '../../modules/system/system.routes';
import { createMountUploads } from '../../modules/uploads/mount-target/mount-uploads.usecases';
import { createUploadRoutes } from '../../modules/uploads/uploads.routes';
import { systemResolver } from '../../modules/uploads/url/url-fetch';
import {
  createUrlUploadUseCases,
  DEFAULT_URL_FETCH_LIMITS,
} from '../../modules/uploads/url/url-upload.usecases';
import { createCrcCache } from '../../modules/zip/crc-cache';
import { createZipRoutes } from '../../modules/zip/zip.routes';
import { createZipUseCases } from '../../modules/zip/zip.usecases';
import { createZipLinks } from '../../modules/zip/zip-links';
import type { Accounts } from './accounts';
import type { FileSystem } from './file-system';
import type { JobQueue, JobRunner } from './jobs';
import type { Platform } from './platform';
import type { ServerDeps } from './server-deps';
import type { Shares } from './shares';
import type { Storage } from './storage';
import { uploadRequestRoutes } from './upload-requests';

interface Areas {
  platform: Platform;
  accounts: Accounts;
  storage: Storage;
  shares: Shares;
  fs: FileSystem;
  jobs: JobQueue;
  runner: JobRunner;
  readiness: ReadinessUseCases;
}

/** Every route of `/api`, with the use cases only routes use; the OpenAPI document is made from them. */
export function apiRoutes(deps: ServerDeps, areas: Areas) {
  const { clock } = deps;
  const { platform, accounts, storage, shares, fs, jobs, runner } = areas;
  const { activity, caches, accessTokens } = platform;
  const { drivers } = storage;
  const { maxUploadBytes } = accounts;
  const zip = createZipUseCases({
    locator: fs.locator,
    links: createZipLinks({
      tokens: accessTokens,
      apiKeyPrincipal: accounts.apiKeys.principalById,
    }),
    crcs: createCrcCache(),
    clock,
    jobs: runner.zipJobs,
    enqueue: (principal, paths) => jobs.enqueue('zip', principal, { paths }),
    limits: deps.zipLimits,
  });
  const mountUploads = createMountUploads({
    locator: fs.locator,
    quota: fs.quota,
    uploads: fs.uploads,
    drivers,
    onChange: fs.onChange,
    maxUploadBytes,
    tokens: accessTokens,
    clock,
    activity,
  });
  return [
    ...createSystemRoutes({ readiness: areas.readiness, version: deps.version }),
    ...createAuthRoutes({ auth: accounts.auth }),
    ...createApiKeysRoutes({ apiKeys: accounts.apiKeys }),
    ...createSettingsRoutes({ settings: accounts.settings }),
    ...createPastesRoutes({ pastes: shares.pastes, maxContentBytes: deps.maxPasteBytes }),
    ...createStorageRoutes({
      storage: storage.storage,
      tests: createStorageTests({
        storage: storage.storage,
        drivers,
        localTransfers: shares.localTransfers,
        clock,
      }),
    }),
    ...createLocalStorageRoutes({ transfers: shares.localTransfers, activity }),
    ...createMountsRoutes({ mounts: fs.mounts }),
    ...createFsRoutes({
      read: fs.read,
      write: fs.write,
      jobs: { transfers: runner.transferJobs, deletes: runner.deleteJobs },
      maxUploadBytes,
      activity,
    }),
    ...createFsSharesRoutes({
      shares: createFsSharesUseCases({
        repository: fs.sharesRepository,
        read: fs.read,
        passwords: platform.passwords,
        clock,
      }),
      visits: createFsShareVisits({
        repository: fs.sharesRepository,
        read: fs.read,
        zip,
        thumbnails: fs.thumbnails,
        apiKeyPrincipal: accounts.apiKeys.principalById,
        passwordGuard: platform.passwordGuard,
        accessTokens,
        tombstones: platform.tombstones,
        clock,
        activity,
      }),
      activity,
    }),
    ...uploadRequestRoutes(deps, areas, mountUploads.multipart),
    ...createZipRoutes({ zip }),
    ...createFsThumbnailRoutes({ thumbnails: fs.thumbnails }),
    ...createFsArchiveRoutes({ archives: fs.archives, extract: runner.extractJobs, activity }),
    ...createFsSearchRoutes({
      fsSearch: createFsSearch({
        search: fs.search,
        activeMounts: fs.mounts.listActive,
        mountById: fs.mounts.get,
        startReindex: runner.reindexJobs.start,
        indexed: fs.changes.drain,
      }),
    }),
    ...createFilesRoutes({ files: shares.files, activity }),
    ...createLinksRoutes({ links: shares.links }),
    ...createUploadRoutes({
      shareUploads: shares.uploads,
      mountUploads,
      write: fs.write,
      urls: createUrlUploadUseCases({
        policy: deps.urlAddressPolicy,
        resolve: deps.urlResolver ?? systemResolver,
        limits: deps.urlFetchLimits ?? DEFAULT_URL_FETCH_LIMITS,
        maxUploadBytes,
      }),
      maxUploadBytes,
    }),
    ...createCacheRoutes({ caches }),
    ...createJobsRoutes({ jobs }),
    ...createDashboardRoutes({
      dashboard: createDashboardUseCases({
        sources: {
          pastes: shares.pastes,
          files: shares.files,
          apiKeys: accounts.apiKeys,
          storage: storage.storage,
          jobs,
        },
        activity: platform.activityRepository,
        flushActivity: activity.flush,
        clock,
      }),
    }),
  ];
}
