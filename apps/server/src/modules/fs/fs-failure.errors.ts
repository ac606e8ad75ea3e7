import type { FsFailure } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import { storageErrorToAppError } from '../storage/storage-errors.mapper';

export type FailureReason = Omit<FsFailure, 'path'>;

/**
 * Why one path of a call on many failed, as the API tells it: the code, the server's words, and
 * the code's values (path, sizes…) from which a client words it in its reader's language. Null
 * for an error that is no refusal nor a storage failure (a bug: the caller decides).
 */
export function failureReason(error: unknown): FailureReason | null {
  const appError = error instanceof AppError ? error : storageErrorToAppError(error);
  if (!appError) return null;
  const { details } = appError;
  const isRecord = typeof details === 'object' && details !== null && !Array.isArray(details);
  return {
    error: appError.code,
    message: appError.message,
    ...(isRecord ? { details: details as Record<string, unknown> } : {}),
  };
}
