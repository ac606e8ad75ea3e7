import path from 'node:path';
import { createFsArchives } from '../../modules/fs/archives/fs-archives.usecases';
import { createChecksumsRepository } from '../../modules/fs/checksums/fs-checksums.usecases';
import type { FsChange } from '../../modules/fs/fs-change.models';
import {
  createFsChangeFollower,
  createListingFollower,
} from '../../modules/fs/fs-followers.usecases';
import { createFsLocator } from '../../modules/fs/fs-locator.usecases';
import { createFsQuota } from '../../modules/fs/fs-quota.usecases';
import { createFsReadUseCases } from '../../modules/fs/fs-read.usecases';
import { createFsWriteUseCases } from '../../modules/fs/fs-write.usecases';
import { createFsThumbnails } from '../../modules/fs/thumbnails/fs-thumbnails.usecases';
import { createThumbnailCache } from '../../modules/fs/thumbnails/thumbnail-cache';
import { createFsSharesRepository } from '../../modules/fs-shares/fs-shares.repository';
import { createMountsUseCases } from '../../modules/mounts/mounts.usecases';
import { createSearchRepository } from '../../modules/search/search.repository';
import { createSearchUseCases } from '../../modules/search/search.usecases';
import { createSharedPathFollower } from '../../modules/shares/shared-paths.usecases';
import { createUploadRequestsHousekeeping } from '../../modules/upload-requests/upload-requests.housekeeping';
import { createUploadRequestsRepository } from '../../modules/upload-requests/upload-requests.repository';
import { createFsUploadsHousekeeping } from '../../modules/uploads/mount-target/mount-uploads.housekeeping';
import { createFsUploadsRepository } from '../../modules/uploads/mount-target/mount-uploads.repository';
import { createDavLocksRepository } from '../../modules/webdav/dav-locks.repository';
import { createDavPropertiesRepository } from '../../modules/webdav/dav-properties.repository';
import type { Platform } from './platform';
import type { ServerDeps } from './server-deps';
import type { Shares } from './shares';
import type { Storage } from './storage';

/** THUMBNAIL_CACHE_SIZE's default. */
const THUMBNAIL_CACHE_BYTES = 512 * 1024 * 1024;
/** Thumbnails made at once: libvips uses a core (and some memory) per image. */
const THUMBNAIL_CONCURRENCY = 2;

/**
 * The mounted file system: mounts, reads and writes through them, the capacity held by
 * uploads, and what follows every change (listing caches, the search index, checksums, shares
 * and upload requests of mounted paths).
 * WebDAV's locks and dead properties are stored here too: the housekeeping prunes the locks.
 */
export function wireFileSystem(
  deps: ServerDeps,
  { engine, mountsRepository, activity, metrics }: Platform,
  { storage, drivers, mountResolver, resolversBus, directories }: Storage,
  { filesRepository }: Shares,
) {
  const { db, clock, logger } = deps;
  const search = createSearchUseCases({
    repository: createSearchRepository({ db, engine }),
    clock,
  });
  const checksums = createChecksumsRepository(db);
  // Every file-system write reports here, whichever flow made it (caches, search index).
  const changes = createFsChangeFollower({ directories, search, checksums, clock, logger });
  const sharesRepository = createFsSharesRepository({ db });
  const uploadRequestsRepository = createUploadRequestsRepository({ db });
  const sharePaths = createSharedPathFollower([sharesRepository, uploadRequestsRepository]);
  const onChange = async (list: FsChange[]) => {
    await changes.follow(list);
    await sharePaths.follow(list);
  };
  const mounts = createMountsUseCases({
    repository: mountsRepository,
    storageTypeOf: storage.typeOf,
    clock,
    // Every instance's tree and listings, before the change answers; a deleted mount's index goes.
    onChange: async ({ mountId, paths, removed }) => {
      await Promise.all(paths.map((path) => directories.invalidatePrefix(path)));
      await resolversBus.mountsChanged();
      // After the files written to it are in (their batch would bring its rows back).
      if (removed) await changes.drain().then(() => search.dropMount(mountId));
    },
  });
  // A storage config edited or deleted: the listings of the mounts on it.
  storage.onConfigChanged(async (configId) => {
    const affected = (await mounts.list()).filter((m) => m.storage_config_id === configId);
    await Promise.all(affected.map((mount) => directories.invalidatePrefix(mount.mount_path)));
  });
  const locator = createFsLocator({
    mounts: mountResolver,
    drivers,
    sharesAtOrBelow: filesRepository.countAtOrBelow,
  });
  const uploads = createFsUploadsRepository({ db });
  const quota = createFsQuota({
    uploads,
    capacityOf: async (configId) => (await drivers.resolve(configId)).config.total_capacity_bytes,
    clock,
  });
  const read = createFsReadUseCases({
    locator,
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
  const thumbnails = createFsThumbnails({
    read,
    cache: createThumbnailCache({
      dir: path.join(deps.dataDir, 'thumbnails'),
      maxBytes: deps.thumbnailCacheBytes ?? THUMBNAIL_CACHE_BYTES,
    }),
    tools: deps.thumbnailTools ?? { ffmpeg: 'ffmpeg', pdftoppm: 'pdftoppm' },
    concurrency: THUMBNAIL_CONCURRENCY,
    logger,
  });
  metrics.watchThumbnails(() => thumbnails.load);
  return {
    search,
    checksums,
    changes,
    onChange,
    sharesRepository,
    uploadRequestsRepository,
    mounts,
    locator,
    uploads,
    quota,
    uploadRequestsHousekeeping: createUploadRequestsHousekeeping({
      repository: uploadRequestsRepository,
      clock,
    }),
    uploadsHousekeeping: createFsUploadsHousekeeping({
      uploads,
      drivers,
      configIds: storage.configIds,
      clock,
      ...(deps.httpIdleTimeoutMs === undefined
        ? {}
        : { httpIdleTimeoutMs: deps.httpIdleTimeoutMs }),
    }),
    write: createFsWriteUseCases({ locator, quota, onChange, activity }),
    read,
    archives: createFsArchives({ read }),
    thumbnails,
    davProperties: createDavPropertiesRepository({ db }),
    davLocks: createDavLocksRepository({ db, engine }),
  };
}

export type FileSystem = ReturnType<typeof wireFileSystem>;
