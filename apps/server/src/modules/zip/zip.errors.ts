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

/** The job planning a link's archive failed or was cancelled: the link will never work. */
export const zipPlanFailed = (reason: string) =>
  new AppError(410, ERROR_CODES.zipPlanFailed, `The archive could not be prepared: ${reason}`);

/** The plan of a link's archive took longer than a request waits for it. */
export const zipPlanPending = () =>
  new AppError(
    503,
    ERROR_CODES.zipPlanPending,
    'The archive is still being prepared: try again in a moment',
  );
