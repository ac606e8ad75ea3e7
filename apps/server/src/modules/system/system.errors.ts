import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import { isDatabaseUnavailable } from '../shared/db';
import { StartupError } from '../shared/startup-error';

export const databaseUnavailable = () =>
  new AppError(503, ERROR_CODES.databaseUnavailable, 'The database does not answer', undefined, {
    'Retry-After': '5',
  });

/** A query that failed because the database went away answers 503, whatever route ran it. */
export function databaseErrorToAppError(error: unknown): AppError | undefined {
  return isDatabaseUnavailable(error) ? databaseUnavailable() : undefined;
}

export const secretKeyMismatch = () =>
  new StartupError(
    'SECRET_KEY differs from the key this database was set up with: every instance on one ' +
      'database needs the same SECRET_KEY (or the same DATA_DIR/secret.key). Refusing to start.',
  );
