import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const pasteNotFound = () => new AppError(404, ERROR_CODES.pasteNotFound, 'No such paste');

export const pasteExpired = () =>
  new AppError(410, ERROR_CODES.pasteExpired, 'This paste has expired');

export const pasteViewsExhausted = () =>
  new AppError(410, ERROR_CODES.pasteViewsExhausted, 'This paste has reached its view limit');

export const pastePasswordRequired = () =>
  new AppError(401, ERROR_CODES.pastePasswordRequired, 'This paste is protected by a password', {
    requiresPassword: true,
  });

export const pasteWrongPassword = () =>
  new AppError(401, ERROR_CODES.pasteWrongPassword, 'Wrong password');

export const pasteSlugTaken = () =>
  new AppError(409, ERROR_CODES.pasteSlugTaken, 'This link suffix is already taken; try another');

export const pasteTooLarge = (limitBytes: number) =>
  new AppError(
    413,
    ERROR_CODES.pasteTooLarge,
    `The content exceeds the limit of ${limitBytes} bytes`,
    {
      limitBytes,
    },
  );
