import { ERROR_CODES } from '@sharebin/shared';
import { AppError, validationFailed } from '../../app/errors';

export const apiKeyInvalid = () =>
  new AppError(401, ERROR_CODES.apiKeyInvalid, 'The API key is not valid');

export const apiKeyExpired = () =>
  new AppError(401, ERROR_CODES.apiKeyExpired, 'The API key has expired');

export const apiKeyNotFound = () =>
  new AppError(404, ERROR_CODES.apiKeyNotFound, 'No API key with this id');

export const apiKeyConflict = () =>
  new AppError(409, ERROR_CODES.apiKeyConflict, 'This key is already in use; choose another');

export const expiryInPast = () =>
  validationFailed(
    [{ location: 'body', path: 'expires_at', message: 'The expiry must lie in the future' }],
    'expires_at: The expiry must lie in the future',
  );
