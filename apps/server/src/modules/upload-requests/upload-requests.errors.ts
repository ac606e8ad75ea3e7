import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const uploadRequestNotFound = () =>
  new AppError(404, ERROR_CODES.uploadRequestNotFound, 'No such upload request');
export const uploadRequestExpired = () =>
  new AppError(410, ERROR_CODES.uploadRequestExpired, 'This upload request has expired');
/** Every file it asked for has arrived. */
export const uploadRequestFull = () =>
  new AppError(
    410,
    ERROR_CODES.uploadRequestFull,
    'This upload request has received all the files it accepts',
  );
export const uploadRequestPasswordRequired = () =>
  new AppError(
    401,
    ERROR_CODES.uploadRequestPasswordRequired,
    'This upload request is protected by a password',
    { requiresPassword: true },
  );
export const uploadRequestWrongPassword = () =>
  new AppError(401, ERROR_CODES.uploadRequestWrongPassword, 'Wrong password');
export const uploadRequestSlugTaken = () =>
  new AppError(
    409,
    ERROR_CODES.uploadRequestSlugTaken,
    'This link suffix is already taken; try another',
  );
/** The folder was deleted or moved outside Sharebin, or its owner can no longer write it. */
export const uploadRequestPathGone = () =>
  new AppError(
    410,
    ERROR_CODES.uploadRequestPathGone,
    'This upload request no longer accepts files: its folder is gone',
  );
export const uploadRequestFileTooLarge = (name: string, limit: number) =>
  new AppError(
    413,
    ERROR_CODES.uploadRequestFileTooLarge,
    `${name} is larger than this request accepts (${limit} bytes per file)`,
    { name, limitBytes: limit },
  );
export const uploadRequestTotalExceeded = (name: string, remaining: number) =>
  new AppError(
    413,
    ERROR_CODES.uploadRequestTotalExceeded,
    `${name} does not fit in what this request still accepts (${remaining} bytes)`,
    { name, remaining },
  );
export const uploadRequestTypeNotAllowed = (name: string, allowed: string[]) =>
  new AppError(
    415,
    ERROR_CODES.uploadRequestTypeNotAllowed,
    `${name} is not of a type this request accepts (${allowed.join(', ')})`,
    { name, allowed },
  );
export const uploadRequestNotAFolder = (path: string) =>
  new AppError(
    400,
    ERROR_CODES.uploadRequestNotAFolder,
    `${path} is not a folder: files can only be requested into a folder`,
    { path },
  );
