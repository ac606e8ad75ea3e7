import { createFsShareMediaType } from '../modules/fs-shares/fs-share-media';
import { createLinkPreviews } from '../modules/link-previews/link-previews.usecases';
import { pingDatabase } from '../modules/shared/db';
import { createReadiness } from '../modules/system/readiness.usecases';
import { createDavPaths, DAV_PREFIX } from '../modules/webdav/dav-paths';
import { basePathOf } from './public-origin';
import { wireAccounts } from './wiring/accounts';
import { apiRoutes } from './wiring/api-routes';
import { wireFileSystem } from './wiring/file-system';
import { wireHousekeeping } from './wiring/housekeeping';
import { createHttpApp } from './wiring/http-app';
import { wireJobQueue, wireJobRunner } from './wiring/jobs';
import { wirePlatform } from './wiring/platform';
import type { ServerDeps } from './wiring/server-deps';
import { wireShares } from './wiring/shares';
import { wireStorage } from './wiring/storage';
import { wireWebDav } from './wiring/webdav';

/**
 * The one composition root: builds every area from `deps`, each from those before it (the
 * wiring functions of `./wiring`), then the HTTP app over them.
 */
export function createServer(deps: ServerDeps) {
  const platform = wirePlatform(deps);
  const accounts = wireAccounts(deps, platform);
  const storage = wireStorage(deps, platform);
  const shares = wireShares(deps, platform, accounts, storage);
  const fs = wireFileSystem(deps, platform, storage, shares);
  const jobs = wireJobQueue(deps, platform, accounts);
  const housekeeping = wireHousekeeping(deps, platform, accounts, storage, shares, fs, () =>
    jobs.pruneFinished(),
  );
  const runner = wireJobRunner(deps, platform, fs, jobs, housekeeping, storage, accounts);
  const readiness = createReadiness({
    pingDatabase: () => pingDatabase(deps.db),
    storages: storage.storage.summaries,
    probeStorage: async (configId) => {
      await (await storage.drivers.forConfig(configId)).list('', { limit: 1 });
    },
    clock: deps.clock,
    logger: deps.logger,
  });
  const routes = apiRoutes(deps, {
    platform,
    accounts,
    storage,
    shares,
    fs,
    jobs,
    runner,
    readiness,
  });
  const basePath = basePathOf(deps.publicUrl);
  // Under the path of PUBLIC_URL, clients address WebDAV (and read its hrefs) with that path.
  const davPaths = createDavPaths(`${basePath}${DAV_PREFIX}`);
  const app = createHttpApp(deps, {
    basePath,
    routes,
    authenticate: accounts.authenticate,
    metrics: platform.metrics,
    readiness,
    dav: wireWebDav(deps, platform, accounts, storage, fs, davPaths),
    pageMeta: createLinkPreviews({
      findPaste: shares.pastesRepository.findBySlug,
      findFile: shares.filesRepository.findLiveBySlug,
      findFsShare: fs.sharesRepository.findBySlug,
      fsShareMediaType: createFsShareMediaType({
        read: fs.read,
        apiKeyPrincipal: accounts.apiKeys.principalById,
      }),
      findUploadRequest: fs.uploadRequestsRepository.findBySlug,
      accessTokens: platform.accessTokens,
      clock: deps.clock,
    }),
    links: shares.links,
  });
  const { caches, activity } = platform;
  return {
    app,
    routes,
    useCases: {
      auth: accounts.auth,
      apiKeys: accounts.apiKeys,
      settings: accounts.settings,
      pastes: shares.pastes,
      storage: storage.storage,
      mounts: fs.mounts,
      files: shares.files,
      shareUploads: shares.uploads,
      filesHousekeeping: shares.filesHousekeeping,
      instanceIdentity: accounts.instanceIdentity,
    },
    drivers: storage.drivers,
    /** Where virtual paths land among the active mounts; the cache bus calls its `invalidate()`. */
    mountResolver: storage.mountResolver,
    /** Named caches and the bus (`bus.subscribe` / `bus.publish` for per-process caches elsewhere). */
    caches,
    /** The durable job queue: `start()` runs this instance's worker and scheduler. */
    jobs: runner.runner,
    /**
     * Activity counted for the dashboard: `start()` flushes it every few seconds, `stop()`
     * adds what is left (at shutdown), `flush()` at once.
     */
    activity,
    /**
     * Files written go to the search index in batches: `drain()` writes what waits (before the
     * database closes at shutdown).
     */
    fsIndex: { drain: fs.changes.drain },
    /** The periodic clean-ups at once (the scheduled `housekeeping` job runs the same). */
    housekeeping: housekeeping.run,
    /**
     * What uploads streamed by a process that is gone left behind (open multipart uploads,
     * temp files, held bytes); run at start, so that a restart after a crash frees them at once.
     */
    sweepAbandonedUploads: async () => ({
      ...(await fs.uploadsHousekeeping.sweepAbandoned()),
      shareUploads: await shares.filesHousekeeping.sweepAbandoned(),
      uploadRequestArrivals: await fs.uploadRequestsHousekeeping.releaseAbandoned(),
    }),
  };
}

export type Server = ReturnType<typeof createServer>;
