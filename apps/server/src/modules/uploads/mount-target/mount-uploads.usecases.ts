import type { AccessTokens } from '../../shared/access-token';
import type { Clock } from '../../shared/clock';
import type { StorageDrivers } from '../../storage/storage.drivers';
import { createFsMultipart } from '../multipart/mount-multipart.usecases';
import { createUploadKeys } from '../multipart/mount-upload-key';
import { createResumableUploads } from '../multipart/resumable-uploads';
import { createFsPresign } from '../presigned/mount-presigned.usecases';
import { createUploadTargets, type MountUploadDeps } from './mount-upload-target';
import type { FsUploadsRepository } from './mount-uploads.repository';

/** Large uploads and client-side copy commits of the file-system API (SPEC §4, §7). */
export function createMountUploads(
  deps: MountUploadDeps & {
    drivers: Pick<StorageDrivers, 'resolve'>;
    tokens: AccessTokens;
    clock: Clock;
    uploads: FsUploadsRepository;
  },
) {
  const targets = createUploadTargets(deps);
  const keys = createUploadKeys(deps.tokens);
  const resumable = createResumableUploads({ ...deps, keys });
  return {
    multipart: createFsMultipart({ ...deps, targets, keys, resumable }),
    presigned: createFsPresign({ ...deps, targets }),
  };
}

export type MountUploads = ReturnType<typeof createMountUploads>;
