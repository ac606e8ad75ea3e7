import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const authRequired = () =>
  new AppError(401, ERROR_CODES.authRequired, 'Authentication required');

export const invalidToken = () =>
  new AppError(401, ERROR_CODES.authInvalidToken, 'The admin token is not valid');

export const tokenExpired = () =>
  new AppError(401, ERROR_CODES.authTokenExpired, 'The admin session has expired');

export const invalidCredentials = () =>
  new AppError(401, ERROR_CODES.authInvalidCredentials, 'Wrong username or password');

export const wrongCurrentPassword = () =>
  new AppError(401, ERROR_CODES.authWrongCurrentPassword, 'The current password is wrong');

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(
    429,
    ERROR_CODES.authRateLimited,
    `Too many failed attempts; try again in ${retryAfterSeconds} s`,
    { retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );

export const forbidden = () =>
  new AppError(403, ERROR_CODES.authForbidden, 'These credentials may not use this route');
