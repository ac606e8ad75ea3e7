import path from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../shared/clock';
import type { StorageUseCases } from './configs/storage.usecases';
import { createLocalDriver } from './drivers/local/local-driver';
import { createHmacSigner, type UrlSigner } from './drivers/local/local-signed-url';
import type { S3SdkLogger, S3Timeouts } from './drivers/s3/s3-options';
import type { DriverCapabilities, StorageDriver } from './drivers/storage-driver';

/** Where the local driver's signed URLs are served (storage-local.routes.ts). */
export const localPublicPath = (publicUrl: string, configId: string) =>
  `${publicUrl}/api/storage/local/${encodeURIComponent(configId)}`;

export interface StorageDriversDeps {
  storage: Pick<StorageUseCases, 'credentialsOf' | 'onConfigChanged'>;
  /**
   * Local storages live in `<dataDir>/storage/<config id>/<default folder>`, or in their host
   * folder, with their temp files in `<dataDir>/tmp/storage/<config id>`.
   */
  dataDir: string;
  secretKey: string;
  /** Origin put before local signed URLs; empty: relative to the page's origin. */
  publicUrl: string;
  clock: Clock;
  s3Timeouts: S3Timeouts;
  /** Takes the AWS SDK's messages, at debug level. */
  logger?: Pick<Logger, 'debug'>;
  /** Wraps each driver built, by its kind: every call to a storage goes through here (metrics). */
  instrument?: (kind: 's3' | 'local', driver: StorageDriver) => StorageDriver;
}

/** Callers report the SDK's errors anyway, so its warnings are debug detail, not stderr noise. */
function sdkLoggerOf(logger: Pick<Logger, 'debug'>): S3SdkLogger {
  const atDebug =
    (level: string) =>
    (...content: unknown[]) =>
      logger.debug({ sdkLevel: level, sdk: content }, 'aws-sdk');
  return {
    trace: () => {},
    debug: atDebug('debug'),
    info: atDebug('info'),
    warn: atDebug('warn'),
    error: atDebug('error'),
  };
}

/** Long enough for a request under way to end; a stream idle this long has failed anyway. */
const RETIRED_DRIVER_GRACE_MS = 10 * 60_000;

/** The folder a local storage keeps its files in on this machine. */
export const localStorageRoot = (
  config: { id: string; root_path: string | null; default_folder: string },
  dataDir: string,
) => path.join(config.root_path ?? path.join(dataDir, 'storage', config.id), config.default_folder);

type StorageCredentials = Awaited<ReturnType<StorageUseCases['credentialsOf']>>;

/** What a storage config resolves to: its decrypted row, its driver and what that can do. */
export interface ResolvedStorage {
  config: StorageCredentials;
  driver: StorageDriver;
  capabilities: DriverCapabilities;
}

/**
 * Drivers are cached so a listing costs no config read or decrypt. Local invalidations are
 * broadcast via `onInvalidate`; `fromBus: true` ones are not re-broadcast.
 */
export function createStorageDrivers({
  storage,
  dataDir,
  secretKey,
  publicUrl,
  clock,
  s3Timeouts,
  logger,
  instrument = (_kind, driver) => driver,
}: StorageDriversDeps) {
  const sdkLogger = logger ? sdkLoggerOf(logger) : undefined;
  const signer: UrlSigner = createHmacSigner(secretKey);
  // Promises, so that concurrent first uses of a config build one driver (single flight).
  const cache = new Map<string, Promise<ResolvedStorage>>();
  const invalidateListeners = new Set<(configId: string) => void>();

  async function build(configId: string): Promise<ResolvedStorage> {
    const config = await storage.credentialsOf(configId);
    const driver: StorageDriver =
      config.storage_type === 'local'
        ? createLocalDriver({
            root: localStorageRoot(config, dataDir),
            // A host folder keeps none of our temp files: they live under DATA_DIR.
            workRoot: config.root_path
              ? path.join(dataDir, 'tmp', 'storage', config.id)
              : undefined,
            hostFolder: config.root_path !== null,
            signer,
            publicPath: localPublicPath(publicUrl, config.id),
            clock,
          })
        : // The AWS SDK is loaded on first use: an install on local storage never pays for it.
          (await import('./drivers/s3/s3-driver')).createS3Driver({
            endpoint: config.endpoint || undefined,
            region: config.region,
            bucket: config.bucket,
            accessKeyId: config.access_key_id,
            secretAccessKey: config.secret_access_key,
            forcePathStyle: config.path_style === 1,
            defaultFolder: config.default_folder || undefined,
            customHost: config.custom_host || undefined,
            timeouts: s3Timeouts,
            sdkLogger,
          });
    return {
      config,
      driver: instrument(config.storage_type, driver),
      capabilities: driver.capabilities,
    };
  }

  function resolve(configId: string): Promise<ResolvedStorage> {
    let resolved = cache.get(configId);
    if (!resolved) {
      resolved = build(configId);
      cache.set(configId, resolved);
      // A failed build (unknown id, unreadable secret) is not cached: the next call retries.
      resolved.catch(() => {
        if (cache.get(configId) === resolved) cache.delete(configId);
      });
    }
    return resolved;
  }

  /** Closing an S3 client aborts its calls, so a replaced driver closes after a grace period. */
  const retiring = new Set<Promise<ResolvedStorage>>();
  function retire(resolved: Promise<ResolvedStorage>): void {
    retiring.add(resolved);
    const close = () => {
      retiring.delete(resolved);
      void resolved.then(({ driver }) => driver.close()).catch(() => {});
    };
    setTimeout(close, RETIRED_DRIVER_GRACE_MS).unref();
  }

  function invalidate(configId: string, { fromBus = false } = {}): void {
    const cached = cache.get(configId);
    cache.delete(configId);
    if (cached) retire(cached);
    if (!fromBus) for (const listener of invalidateListeners) listener(configId);
  }

  storage.onConfigChanged((configId) => invalidate(configId));

  return {
    resolve,
    forConfig: async (configId: string): Promise<StorageDriver> => (await resolve(configId)).driver,
    invalidate,
    /** The seam for the cross-instance bus; answers the unsubscribe function. */
    onInvalidate(listener: (configId: string) => void): () => void {
      invalidateListeners.add(listener);
      return () => invalidateListeners.delete(listener);
    },
    signer,
    async closeAll() {
      const all = await Promise.allSettled([...cache.values(), ...retiring]);
      cache.clear();
      retiring.clear();
      await Promise.all(
        all.flatMap((result) =>
          result.status === 'fulfilled' ? [result.value.driver.close()] : [],
        ),
      );
    },
  };
}

export type StorageDrivers = ReturnType<typeof createStorageDrivers>;
