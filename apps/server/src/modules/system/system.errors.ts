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
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const code = (error as { code?: unknown } | null)?.code;
  // SQLite on a full disk (or over its size cap); PostgreSQL's disk_full.
  if (code === 'SQLITE_FULL' || code === '53100') {
    return new AppError(
      507,
      ERROR_CODES.storageFull,
      'The database disk is full: nothing was saved',
    );
  }
  return undefined;
}

export const secretKeyMismatch = () =>
  new StartupError(
    'SECRET_KEY differs from the key this database was set up with: every instance on one ' +
      'database needs the same SECRET_KEY (or the same DATA_DIR/secret.key). Refusing to start.',
  );
