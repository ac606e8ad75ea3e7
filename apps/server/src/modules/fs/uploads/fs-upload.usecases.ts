import type { AccessTokens } from '../../shared/access-token';
import type { Clock } from '../../shared/clock';
import type { StorageDrivers } from '../../storage/storage.drivers';
import { createFsMultipart } from './fs-multipart.usecases';
import { createFsPresign } from './fs-presign.usecases';
import { createUploadKeys } from './fs-upload-key';
import { createUploadTargets, type FsUploadDeps } from './fs-upload-target';

/** Large uploads and client-side copy commits of the file-system API (SPEC §4, §7). */
export function createFsUploadUseCases(
  deps: FsUploadDeps & {
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

export type FsUploadUseCases = ReturnType<typeof createFsUploadUseCases>;
