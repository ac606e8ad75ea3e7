import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

export const zipLinkInvalid = () =>
  new AppError(
    401,
    ERROR_CODES.zipLinkInvalid,
    'This download link is invalid or has expired: ask for a new one',
  );

export const zipTooManyEntries = (limit: number) =>
  new AppError(
    413,
    ERROR_CODES.zipTooManyEntries,
    `An archive holds at most ${limit} files and folders: choose fewer`,
    { limit },
  );

/**
 * Only ever seen in the server log: it is thrown after the headers went out, and cuts the
 * connection short of the archive's Content-Length.
 */
export const zipSourceChanged = (path: string) =>
  new AppError(
    409,
    ERROR_CODES.zipSourceChanged,
    `${path} changed or vanished while the archive was being sent`,
    { path },
  );
