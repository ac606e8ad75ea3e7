import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const fileNotFound = () => new AppError(404, ERROR_CODES.fileNotFound, 'No such file share');
export const fileExpired = () =>
  new AppError(410, ERROR_CODES.fileExpired, 'This file share has expired');
export const fileViewsExhausted = () =>
  new AppError(410, ERROR_CODES.fileViewsExhausted, 'This file share has reached its view limit');
export const filePasswordRequired = () =>
  new AppError(401, ERROR_CODES.filePasswordRequired, 'This file is protected by a password', {
    requiresPassword: true,
  });
export const fileWrongPassword = () =>
  new AppError(401, ERROR_CODES.fileWrongPassword, 'Wrong password');
export const fileSlugTaken = () =>
  new AppError(409, ERROR_CODES.fileSlugTaken, 'This link suffix is already taken; try another');

export const fileTooLarge = (limitBytes: number) =>
  new AppError(
    413,
    ERROR_CODES.fileTooLarge,
    `The file exceeds the upload limit of ${limitBytes} bytes`,
    { limitBytes },
  );

/** SPEC §8: insufficient storage, with file size, remaining space and total capacity. */
export const storageInsufficient = (fileSize: number, remaining: number, total: number) =>
  new AppError(
    413,
    ERROR_CODES.storageInsufficient,
    `Insufficient storage: the file needs ${fileSize} bytes, ${remaining} of ${total} bytes remain`,
    { fileSize, remaining, total },
  );

export const objectMissing = () =>
  new AppError(
    400,
    ERROR_CODES.fileObjectMissing,
    'The uploaded object was not found in the storage; upload again',
  );
export const sizeMismatch = (declared: number, stored: number) =>
  new AppError(
    400,
    ERROR_CODES.fileSizeMismatch,
    `The stored object has ${stored} bytes, not the ${declared} declared`,
    {
      declared,
      stored,
    },
  );
export const notUploading = () =>
  new AppError(409, ERROR_CODES.fileNotUploading, 'This file share is already committed');

/** The clean-up of a failed upload found the share committed: it stays (its answer was lost). */
export const fileAlreadyLive = () =>
  new AppError(
    409,
    ERROR_CODES.fileAlreadyLive,
    'This file share was committed; the clean-up of an upload leaves it in place',
  );

/** SPEC §5 path permission: a key files shares only under its base path. */
export const pathForbidden = (path: string) =>
  new AppError(403, ERROR_CODES.authForbidden, `This key may not file shares under ${path}`, {
    path,
  });
