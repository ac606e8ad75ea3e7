import { S3ServiceException } from '@aws-sdk/client-s3';
import {
  MultipartError,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  StorageBackendError,
  StorageDriverError,
  StorageTimeoutError,
} from '../storage-driver.errors';

/** What the failing call was about, to word the typed error. */
export interface S3CallContext {
  key?: string;
  uploadId?: string;
}

/**
 * Turns SDK exceptions into the driver's typed errors. Names come from the S3 error codes;
 * HEAD has no body, so a bare 404 (`NotFound`) means a missing object there.
 */
export function toDriverError(error: unknown, context: S3CallContext): Error {
  if (error instanceof StorageDriverError) return error;
  const name = error instanceof Error ? error.name : '';
  const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
  const code = error instanceof Error && 'code' in error ? String(error.code) : undefined;
  switch (name) {
    case 'NoSuchKey':
    case 'NotFound':
      if (context.key !== undefined) return new ObjectNotFoundError(context.key, { cause: error });
      break;
    case 'NoSuchUpload':
      return new MultipartError('upload_not_found', 'No such multipart upload', { cause: error });
    case 'InvalidPart':
      return new MultipartError(
        'invalid_part',
        'A listed part was not uploaded or its ETag does not match',
        { cause: error },
      );
    case 'EntityTooSmall':
      return new MultipartError(
        'part_too_small',
        'Every part but the last must be at least 5 MiB',
        { cause: error },
      );
    case 'InvalidRange':
      return new RangeNotSatisfiableError(context.key ?? '', null);
    // The request handler's connection and idle timeouts (s3-driver.ts). The handler names a
    // reset connection a TimeoutError too: that storage (or a proxy before it) refused the call
    // at once, a bad gateway like a refused connection, not a wait.
    case 'TimeoutError':
      if (code === 'ECONNRESET' || code === 'EPIPE') break;
      return new StorageTimeoutError('The storage did not answer in time', { cause: error });
  }
  // Name, status and system code only: SDK messages can carry endpoints and account details,
  // and this message reaches API clients.
  const detail = status ? `${name} (HTTP ${status})` : (code ?? (name || 'unknown error'));
  return new StorageBackendError(`S3 request failed: ${detail}`, { cause: error });
}
