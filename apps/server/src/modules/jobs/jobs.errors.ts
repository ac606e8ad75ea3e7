import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';

/** Also what a key hears of another key's job: it learns nothing of jobs not its own. */
export const jobNotFound = (id: string) =>
  new AppError(404, ERROR_CODES.jobNotFound, `There is no job ${id}`, { id });

export const jobNotFinished = (id: string) =>
  new AppError(409, ERROR_CODES.jobNotFinished, `The job ${id} has not finished: cancel it first`, {
    id,
  });
