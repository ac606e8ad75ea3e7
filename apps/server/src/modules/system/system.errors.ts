import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const databaseUnavailable = () =>
  new AppError(503, ERROR_CODES.databaseUnavailable, 'The database does not answer');
