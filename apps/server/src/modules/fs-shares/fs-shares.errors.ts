import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const fsShareNotFound = () =>
  new AppError(404, ERROR_CODES.fsShareNotFound, 'No such shared file or folder');
export const fsShareExpired = () =>
  new AppError(410, ERROR_CODES.fsShareExpired, 'This share has expired');
export const fsShareViewsExhausted = () =>
  new AppError(410, ERROR_CODES.fsShareViewsExhausted, 'This share has reached its download limit');
export const fsSharePasswordRequired = () =>
  new AppError(401, ERROR_CODES.fsSharePasswordRequired, 'This share is protected by a password', {
    requiresPassword: true,
  });
export const fsShareWrongPassword = () =>
  new AppError(401, ERROR_CODES.fsShareWrongPassword, 'Wrong password');
export const fsShareSlugTaken = () =>
  new AppError(409, ERROR_CODES.fsShareSlugTaken, 'This link suffix is already taken; try another');
/** The shared path was deleted or moved outside Sharebin: the share cannot follow it. */
export const fsSharePathGone = () =>
  new AppError(
    410,
    ERROR_CODES.fsSharePathGone,
    'The shared file or folder is no longer there: it was deleted or moved outside Sharebin',
  );
/** Paths in a visitor's errors are relative to the share: never the mount's own path. */
export const fsShareEntryNotFound = (path: string) =>
  new AppError(404, ERROR_CODES.fsShareEntryNotFound, `Nothing at ${path} in this share`, { path });
export const fsShareNotAFolder = () =>
  new AppError(400, ERROR_CODES.fsShareNotAFolder, 'This share is a file, not a folder');
export const fsShareRootUnshareable = () =>
  new AppError(
    400,
    ERROR_CODES.fsShareRootUnshareable,
    'Share a file or a folder inside a mount, not the list of mounts',
  );
export const fsShareNotAFile = (path: string) =>
  new AppError(400, ERROR_CODES.fsShareNotAFile, `${path} is a folder, not a file`, { path });
