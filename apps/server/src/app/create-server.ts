import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Logger } from 'pino';
import { createApiKeysRepository } from '../modules/api-keys/api-keys.repository';
import { createApiKeysRoutes } from '../modules/api-keys/api-keys.routes';
import { createApiKeysUseCases } from '../modules/api-keys/api-keys.usecases';
import { createAuthRepository } from '../modules/auth/auth.repository';
import { createAuthRoutes } from '../modules/auth/auth.routes';
import { createAuthUseCases } from '../modules/auth/auth.usecases';
import { createAuthenticator } from '../modules/auth/authenticator';
import { createFileRecords } from '../modules/files/file-records';
import { createFilesHousekeeping } from '../modules/files/files.housekeeping';
import { createFilesRepository } from '../modules/files/files.repository';
import { createFilesRoutes } from '../modules/files/files.routes';
import { createFilesUseCases } from '../modules/files/files.usecases';
import { createPastesRepository } from '../modules/pastes/pastes.repository';
import { createPastesRoutes } from '../modules/pastes/pastes.routes';
import { createPastesUseCases } from '../modules/pastes/pastes.usecases';
import { createSettingsRepository } from '../modules/settings/settings.repository';
import { createSettingsRoutes } from '../modules/settings/settings.routes';
import { createSettingsUseCases } from '../modules/settings/settings.usecases';
import { createAccessTokens } from '../modules/shared/access-token';
import type { Clock } from '../modules/shared/clock';
import { type Db, pingDatabase } from '../modules/shared/db';
import { createRateLimiter } from '../modules/shared/rate-limiter';
import { createSecretBox } from '../modules/shared/secret-box';
import { createSharePasswordGuard } from '../modules/shares/share-password';
import { createShareTombstones } from '../modules/shares/share-tombstones';
import { createShareTombstonesRepository } from '../modules/shares/share-tombstones.repository';
import { DEFAULT_S3_TIMEOUTS, type S3Timeouts } from '../modules/storage/drivers/s3/s3-driver';
import { createObjectDeletions } from '../modules/storage/object-deletions.usecases';
import { createPendingDeletionsRepository } from '../modules/storage/pending-deletions.repository';
import { createStorageDrivers } from '../modules/storage/storage.drivers';
import { createStorageRepository } from '../modules/storage/storage.repository';
import { createStorageRoutes } from '../modules/storage/storage.routes';
import { createStorageUseCases } from '../modules/storage/storage.usecases';
import { storageErrorToAppError } from '../modules/storage/storage-errors.mapper';
import { createLocalStorageRoutes } from '../modules/storage/storage-local.routes';
import { createLocalTransfers } from '../modules/storage/storage-local.usecases';
import { createStorageTests } from '../modules/storage/storage-test.usecases';
import { createInstanceIdentityRepository } from '../modules/system/instance-identity.repository';
import { createInstanceIdentityUseCases } from '../modules/system/instance-identity.usecases';
import { databaseErrorToAppError, databaseUnavailable } from '../modules/system/system.errors';
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
import { mountApiDocs } from './api-docs';
import type { AppEnv } from './app-env';
import { compressJsonAnswers } from './middlewares/compress-json';
import { apiNotFound, errorHandler } from './middlewares/error-handler';
import { requestContext } from './middlewares/request-context';
import { requestLog } from './middlewares/request-log';
import { securityHeaders } from './middlewares/security-headers';
import { buildOpenApiDocument } from './openapi';
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
  /** Public origin of this server for links built outside a browser; empty: same origin. */
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
}

/** The one composition root: builds every repository, use case and route from `deps`. */
export function createServer(deps: ServerDeps) {
  const { db, clock, logger } = deps;
  const rateLimiter = createRateLimiter({ db, clock });
  const auth = createAuthUseCases({
    repository: createAuthRepository({ db }),
    rateLimiter,
    clock,
    sessionTtlMs: deps.adminSessionTtlMs,
  });
  const apiKeys = createApiKeysUseCases({ repository: createApiKeysRepository({ db }), clock });
  const settings = createSettingsUseCases({ repository: createSettingsRepository({ db }), clock });
  const passwordGuard = createSharePasswordGuard({ rateLimiter });
  const accessTokens = createAccessTokens({ secretKey: deps.secretKey, clock });
  const tombstones = createShareTombstones({
    repository: createShareTombstonesRepository({ db }),
    clock,
  });
  const pastes = createPastesUseCases({
    repository: createPastesRepository({ db }),
    passwordGuard,
    accessTokens,
    tombstones,
    clock,
    maxContentBytes: deps.maxPasteBytes,
  });
  const storage = createStorageUseCases({
    repository: createStorageRepository({ db }),
    secrets: createSecretBox(deps.secretKey),
    clock,
  });
  const drivers = createStorageDrivers({
    storage,
    dataDir: deps.dataDir,
    secretKey: deps.secretKey,
    publicUrl: deps.publicUrl,
    clock,
    s3Timeouts: deps.s3Timeouts ?? DEFAULT_S3_TIMEOUTS,
  });
  const localTransfers = createLocalTransfers({ drivers, clock, publicUrl: deps.publicUrl });
  const objectDeletions = createObjectDeletions({
    drivers,
    repository: createPendingDeletionsRepository({ db }),
    clock,
  });
  const maxUploadBytes = async () => (await settings.maxUploadSize()).max_upload_size_bytes;
  const filesRepository = createFilesRepository({ db });
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
  });
  const transfers = createTransfersUseCases({
    repository: filesRepository,
    records: fileRecords,
    storage,
    drivers,
    clock,
    maxUploadBytes,
  });
  const filesHousekeeping = createFilesHousekeeping({
    repository: filesRepository,
    records: fileRecords,
    storage,
    drivers,
    clock,
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

  const checkDatabase = async () => {
    try {
      await pingDatabase(db);
    } catch (error) {
      logger.error({ err: error }, 'database check failed');
      throw databaseUnavailable();
    }
  };

  const routes = [
    ...createSystemRoutes({ checkDatabase, version: deps.version }),
    ...createAuthRoutes({ auth }),
    ...createApiKeysRoutes({ apiKeys }),
    ...createSettingsRoutes({ settings }),
    ...createPastesRoutes({ pastes, maxContentBytes: deps.maxPasteBytes }),
    ...createStorageRoutes({
      storage,
      tests: createStorageTests({ storage, drivers, localTransfers, clock }),
      publicUrl: deps.publicUrl,
    }),
    ...createLocalStorageRoutes({ transfers: localTransfers }),
    ...createFilesRoutes({ files, transfers }),
    ...createUrlUploadRoutes({ urls, transfers }),
  ];

  const app = new Hono<AppEnv>();
  app.onError(
    errorHandler(logger, [
      storageErrorToAppError,
      urlFetchErrorToAppError,
      databaseErrorToAppError,
    ]),
  );
  app.use(requestContext({ trustProxyHops: deps.trustProxyHops }));
  app.use(requestLog(logger));
  app.use(securityHeaders());

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
  registerRoutes({ api, routes, authenticate, publicUrl: deps.publicUrl });
  mountApiDocs(api, () => buildOpenApiDocument(routes, { version: deps.version }));
  api.all('*', apiNotFound(routes));
  app.route('/api', api);

  if (deps.webDistDir) app.get('*', serveWebApp(deps.webDistDir));

  return {
    app,
    routes,
    useCases: {
      auth,
      apiKeys,
      settings,
      pastes,
      storage,
      files,
      transfers,
      filesHousekeeping,
      instanceIdentity,
    },
    drivers,
    /** Periodic clean-ups, run by the jobs runner. */
    housekeeping: async () => {
      const sessions = await auth.deleteExpiredSessions();
      const limits = await rateLimiter.deleteExpired();
      const { deleted: pastesDeleted } = await pastes.clearFinished();
      const { deleted: filesDeleted } = await filesHousekeeping.cleanUp();
      const objects = await objectDeletions.retryDue();
      const tombstonesPruned = await tombstones.prune();
      return {
        sessions,
        limits,
        pastes: pastesDeleted,
        files: filesDeleted,
        tombstones: tombstonesPruned,
        objects,
      };
    },
  };
}

export type Server = ReturnType<typeof createServer>;
