import { AppError } from '../../app/errors';
import {
  ContentLengthMismatchError,
  FsConflictError,
  InvalidArgumentError,
  InvalidKeyError,
  MultipartError,
  ObjectNotFoundError,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
  ReadOnlyStorageError,
  SignedUrlError,
  StorageDriverError,
  StorageFullError,
  StorageTimeoutError,
} from './drivers/storage-driver.errors';

/** Driver failures as API errors; anything a client can fix is a 4xx, a sick backend a 502. */
export function storageErrorToAppError(error: unknown): AppError | undefined {
  if (!(error instanceof StorageDriverError)) return undefined;
  if (error instanceof ObjectNotFoundError)
    return new AppError(404, error.code, 'The object is not in the storage');
  if (error instanceof RangeNotSatisfiableError)
    return new AppError(416, error.code, 'The requested range lies outside the object');
  if (error instanceof StorageFullError)
    return new AppError(
      507,
      error.code,
      'The storage is full: nothing was stored. Ask the administrator to free space.',
    );
  if (error instanceof SignedUrlError || error instanceof ReadOnlyStorageError)
    return new AppError(403, error.code, error.message);
  if (error instanceof FsConflictError)
    return new AppError(409, error.code, error.message, { reason: error.reason });
  if (
    error instanceof InvalidKeyError ||
    error instanceof InvalidArgumentError ||
    error instanceof MultipartError ||
    error instanceof ContentLengthMismatchError
  ) {
    return new AppError(400, error.code, error.message);
  }
  if (error instanceof StorageTimeoutError) return new AppError(504, error.code, error.message);
  if (error instanceof ObjectTooLargeError) {
    return new AppError(413, error.code, error.message, { maxBytes: error.maxLength });
  }
  return new AppError(502, error.code, `The storage failed: ${error.message}`);
}
