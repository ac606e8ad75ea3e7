import path from 'node:path';
import type { Clock } from '../shared/clock';
import { createLocalDriver } from './drivers/local/local-driver';
import { createHmacSigner, type UrlSigner } from './drivers/local/local-signed-url';
import type { S3Timeouts } from './drivers/s3/s3-driver';
import type { StorageDriver } from './drivers/storage-driver';
import type { StorageUseCases } from './storage.usecases';

/** Where the local driver's signed URLs are served (storage-local.routes.ts). */
export const localPublicPath = (publicUrl: string, configId: string) =>
  `${publicUrl}/api/storage/local/${encodeURIComponent(configId)}`;

export interface StorageDriversDeps {
  storage: StorageUseCases;
  /** Local storages live in `<dataDir>/storage/<config id>/<default folder>`. */
  dataDir: string;
  secretKey: string;
  /** Origin put before local signed URLs; empty: relative to the page's origin. */
  publicUrl: string;
  clock: Clock;
  s3Timeouts: S3Timeouts;
}

/**
 * One driver per storage config, built on first use and rebuilt when the config changes
 * (S3 clients keep sockets, so a driver outlives a request).
 */
export function createStorageDrivers({
  storage,
  dataDir,
  secretKey,
  publicUrl,
  clock,
  s3Timeouts,
}: StorageDriversDeps) {
  const signer: UrlSigner = createHmacSigner(secretKey);
  const cache = new Map<string, { version: number; driver: StorageDriver }>();

  async function forConfig(configId: string): Promise<StorageDriver> {
    const config = await storage.credentialsOf(configId);
    const cached = cache.get(configId);
    if (cached?.version === config.updated_at) return cached.driver;
    if (cached) void cached.driver.close();
    const driver: StorageDriver =
      config.storage_type === 'local'
        ? createLocalDriver({
            root: path.join(dataDir, 'storage', config.id, config.default_folder),
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
          });
    cache.set(configId, { version: config.updated_at, driver });
    return driver;
  }

  return {
    forConfig,
    signer,
    async closeAll() {
      await Promise.all([...cache.values()].map(({ driver }) => driver.close()));
      cache.clear();
    },
  };
}

export type StorageDrivers = ReturnType<typeof createStorageDrivers>;
