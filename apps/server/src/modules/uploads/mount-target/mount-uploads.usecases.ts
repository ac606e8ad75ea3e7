import type { AccessTokens } from '../../shared/access-token';
import type { Clock } from '../../shared/clock';
import type { StorageDrivers } from '../../storage/storage.drivers';
import { createFsMultipart } from '../multipart/mount-multipart.usecases';
import { createUploadKeys } from '../multipart/mount-upload-key';
import { createFsPresign } from '../presigned/mount-presigned.usecases';
import { createUploadTargets, type MountUploadDeps } from './mount-upload-target';

/** Large uploads and client-side copy commits of the file-system API (SPEC §4, §7). */
export function createMountUploads(
  deps: MountUploadDeps & {
    drivers: Pick<StorageDrivers, 'resolve'>;
    tokens: AccessTokens;
    clock: Clock;
  },
) {
  const targets = createUploadTargets(deps);
  return {
    multipart: createFsMultipart({ ...deps, targets, keys: createUploadKeys(deps.tokens) }),
    presigned: createFsPresign({ ...deps, targets }),
  };
}

export type MountUploads = ReturnType<typeof createMountUploads>;
