import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../../app/errors';

export const storageConfigNotFound = () =>
  new AppError(404, ERROR_CODES.storageConfigNotFound, 'No storage configuration with this id');

export const storageConfigInUse = (shares: number) =>
  new AppError(
    409,
    ERROR_CODES.storageConfigInUse,
    `This storage still holds ${shares} file share(s); delete them first`,
    { shares },
  );

export const storageConfigMounted = (
  mounts: { id: string; name: string; mount_path: string }[],
) => {
  const paths = mounts.map((mount) => mount.mount_path).join(', ');
  return new AppError(
    409,
    ERROR_CODES.storageConfigMounted,
    `Mounts still use this storage (${paths}); delete them or point them elsewhere first`,
    { mounts, mount_paths: paths },
  );
};

export const storageConfigIsDefault = () =>
  new AppError(
    409,
    ERROR_CODES.storageConfigIsDefault,
    'This is the default storage; make another one the default first',
  );

export const storageNotAllowed = () =>
  new AppError(
    403,
    ERROR_CODES.storageNotAllowed,
    'No permission to use this storage configuration',
  );

export const rangeNotSatisfiable = (size: number) =>
  new AppError(
    416,
    ERROR_CODES.rangeNotSatisfiable,
    'The requested range lies outside the object',
    undefined,
    {
      'Content-Range': `bytes */${size}`,
    },
  );

export const rootPathInvalid = (
  rootPath: string,
  reason: 'not_absolute' | 'missing' | 'not_a_folder',
) =>
  new AppError(
    400,
    ERROR_CODES.storageRootPathInvalid,
    `The host folder must be an existing folder, given as an absolute path (${reason})`,
    { root_path: rootPath, reason },
  );
