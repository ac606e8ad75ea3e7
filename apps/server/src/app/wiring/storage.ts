import type { FsEntry } from '@sharebin/shared';
import { connectResolversToBus } from '../../modules/cache/resolvers-bus';
import type { DirectoryCache } from '../../modules/fs/fs-read.usecases';
import { createMountResolver } from '../../modules/mounts/mount-resolver';
import { activeMounts } from '../../modules/mounts/mounts.usecases';
import { createSecretBox } from '../../modules/shared/secret-box';
import { createStorageRepository } from '../../modules/storage/configs/storage.repository';
import { createStorageUseCases } from '../../modules/storage/configs/storage.usecases';
import { createObjectDeletions } from '../../modules/storage/deletions/object-deletions.usecases';
import { createPendingDeletionsRepository } from '../../modules/storage/deletions/pending-deletions.repository';
import { DEFAULT_S3_TIMEOUTS } from '../../modules/storage/drivers/s3/s3-options';
import { createStorageDrivers } from '../../modules/storage/storage.drivers';
import type { Platform } from './platform';
import type { ServerDeps } from './server-deps';

/**
 * Storage configs and their drivers, and where virtual paths land among the active mounts
 * (each instance's resolver follows mount changes through the cache bus).
 */
export function wireStorage(deps: ServerDeps, { caches, metrics, mountsRepository }: Platform) {
  const { db, clock, logger } = deps;
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
    logger,
    instrument: metrics.instrumentDriver,
  });
  const mountResolver = createMountResolver({
    loadActiveMounts: activeMounts(mountsRepository),
    clock,
  });
  return {
    storage,
    drivers,
    mountResolver,
    resolversBus: connectResolversToBus({ bus: caches.bus, drivers, mountResolver, logger }),
    directories: caches.cache<FsEntry[]>('directories') satisfies DirectoryCache,
    objectDeletions: createObjectDeletions({
      drivers,
      repository: createPendingDeletionsRepository({ db }),
      clock,
    }),
  };
}

export type Storage = ReturnType<typeof wireStorage>;
