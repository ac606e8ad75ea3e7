import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const authRequired = () =>
  new AppError(401, ERROR_CODES.authRequired, 'Authentication required');

export const invalidToken = () =>
  new AppError(401, ERROR_CODES.authInvalidToken, 'The admin token is not valid');

/** A Bearer secret that is no admin token: most often an API key sent with the wrong scheme. */
export const invalidBearerToken = () =>
  new AppError(
    401,
    ERROR_CODES.authInvalidToken,
    'The admin token is not valid; an API key is sent as `Authorization: ApiKey <key>`, not Bearer',
  );

export const malformedAuthorization = () =>
  new AppError(
    401,
    ERROR_CODES.authInvalidToken,
    'The Authorization header must be `Bearer <admin token>` or `ApiKey <key>`',
  );

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

/** What a route needs that the credentials lack: a permission (SPEC §5), the admin, or an API key. */
export type RequiredGrant = 'text' | 'file' | 'mount' | 'admin' | 'apikey';

const GRANT_MESSAGES: Record<RequiredGrant, string> = {
  text: 'This route needs the text permission, which these credentials lack',
  file: 'This route needs the file permission, which these credentials lack',
  mount: 'This route needs the mount permission, which these credentials lack',
  admin: 'This route is for the admin only',
  apikey: 'This route is for API keys only',
};

export const forbidden = (required?: RequiredGrant) =>
  required
    ? new AppError(403, ERROR_CODES.authForbidden, GRANT_MESSAGES[required], {
        required_permission: required,
      })
    : new AppError(403, ERROR_CODES.authForbidden, 'These credentials may not use this route');
