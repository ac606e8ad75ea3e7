import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const linkNotFound = () => new AppError(404, ERROR_CODES.linkNotFound, 'No such short link');
export const linkExpired = () =>
  new AppError(410, ERROR_CODES.linkExpired, 'This short link has expired');
export const linkViewsExhausted = () =>
  new AppError(410, ERROR_CODES.linkViewsExhausted, 'This short link has reached its view limit');
export const linkPasswordRequired = () =>
  new AppError(
    401,
    ERROR_CODES.linkPasswordRequired,
    'This short link is protected by a password',
    {
      requiresPassword: true,
    },
  );
export const linkWrongPassword = () =>
  new AppError(401, ERROR_CODES.linkWrongPassword, 'Wrong password');
export const linkSlugTaken = () =>
  new AppError(409, ERROR_CODES.linkSlugTaken, 'This link suffix is already taken; try another');
