import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

/** A share access token (raw link, file content) that is forged or out of date. */
export const invalidAccessToken = () =>
  new AppError(
    401,
    ERROR_CODES.accessTokenInvalid,
    'The access link has expired; enter the password again',
  );
