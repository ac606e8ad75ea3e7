import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const storageConfigNotFound = () =>
  new AppError(404, ERROR_CODES.storageConfigNotFound, 'No storage configuration with this id');

export const storageConfigInUse = (shares: number) =>
  new AppError(
    409,
    ERROR_CODES.storageConfigInUse,
    `This storage still holds ${shares} file share(s); delete them first`,
    { shares },
  );

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
