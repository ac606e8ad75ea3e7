import { ERROR_CODES } from '@sharebin/shared';
import { errorMessage, isApiError } from '../../../app/api-client';
import { i18n } from '../../../i18n';
import { formatBytes } from '../../../shared/format-bytes';

/**
 * Why an upload stopped, as text for its row (SPEC §8 upload messages). `cancelled` marks the
 * ones the user asked for, which are shown quietly rather than as failures.
 */
export class UploadError extends Error {
  readonly cancelled: boolean;
  /**
   * The message in the language of the moment: a row shown before a language switch is
   * worded again after it. `message` keeps the words of when it happened.
   */
  readonly describe: () => string;

  constructor(
    text: string | (() => string),
    options: { cancelled?: boolean; cause?: unknown } = {},
  ) {
    const describe = typeof text === 'function' ? text : () => text;
    super(describe(), { cause: options.cause });
    this.name = 'UploadError';
    this.cancelled = options.cancelled ?? false;
    this.describe = describe;
  }
}

export const isUploadError = (error: unknown): error is UploadError => error instanceof UploadError;

/** How a direct transfer (a PUT to storage, a download) ended when it did not succeed. */
export type TransferFailure = 'network' | 'timeout' | 'cancelled' | 'http';

export class TransferError extends Error {
  readonly kind: TransferFailure;
  /** HTTP status for `http`; 0 otherwise. */
  readonly status: number;
  /** The refusal's body for `http` (an API envelope when the server refused); '' otherwise. */
  readonly responseText: string;

  constructor(kind: TransferFailure, status = 0, responseText = '') {
    super(`${kind}${status ? ` ${status}` : ''}`);
    this.name = 'TransferError';
    this.kind = kind;
    this.status = status;
    this.responseText = responseText;
  }
}

export const isTransferError = (error: unknown): error is TransferError =>
  error instanceof TransferError;

const t = i18n.t;

export const uploadCancelled = () =>
  new UploadError(() => t('upload.errors.uploadCancelled'), { cancelled: true });
export const downloadCancelled = () =>
  new UploadError(() => t('upload.errors.downloadCancelled'), { cancelled: true });

function bytes(value: unknown): string {
  return typeof value === 'number' ? formatBytes(value, i18n.language) : '?';
}

/** The step an API call belonged to, which words a failure the server did not explain. */
export type UploadStep = 'presign' | 'init' | 'complete' | 'commit' | 'analyse' | 'other';

/**
 * A failed API call of an upload as the user reads it: the known refusals in their own words
 * (insufficient storage with its numbers, a taken suffix, a storage not allowed, too large),
 * else the step and the server's message.
 */
export function describeApiFailure(error: unknown, step: UploadStep): UploadError {
  if (isUploadError(error)) return error;
  if (!isApiError(error)) return new UploadError(() => errorMessage(error), { cause: error });
  const details = (error.details ?? {}) as Record<string, unknown>;
  const known = ((): (() => string) | null => {
    switch (error.code) {
      case ERROR_CODES.storageInsufficient:
        return () =>
          t('upload.errors.insufficientStorage', {
            fileSize: bytes(details.fileSize),
            remaining: bytes(details.remaining),
            total: bytes(details.total),
          });
      case ERROR_CODES.fileSlugTaken:
        return () => t('upload.errors.slugTaken');
      case ERROR_CODES.storageNotAllowed:
        return () => t('upload.errors.storageNotAllowed');
      case ERROR_CODES.fileTooLarge:
        return () =>
          typeof details.limitBytes === 'number'
            ? t('upload.errors.tooLarge', { limit: bytes(details.limitBytes) })
            : t('upload.errors.tooLargeNoLimit');
      default:
        return null;
    }
  })();
  if (known) return new UploadError(known, { cause: error });
  if (error.status === 0)
    return new UploadError(() => t('upload.errors.network'), { cause: error });
  if (error.status === 401 || error.status === 409) {
    // The API client already worded these (SPEC §8: session ended, suffix taken).
    return new UploadError(() => errorMessage(error), { cause: error });
  }
  // The server's words by their code, in the language of the moment (never its internals).
  const cause = () => errorMessage(error);
  const message = {
    presign: () => t('upload.errors.presignFailed', { cause: cause() }),
    init: () => t('upload.errors.initMultipartFailed', { cause: cause() }),
    complete: () => t('upload.errors.completeMultipartFailed', { cause: cause() }),
    commit: () => t('upload.errors.commitFailed', { cause: cause() }),
    analyse: () => t('upload.errors.analyseFailed', { cause: cause() }),
    other: cause,
  }[step];
  return new UploadError(message, { cause: error });
}

/** A failed PUT of a whole file to its presigned URL. */
export function describeTransferFailure(error: unknown): UploadError {
  if (isUploadError(error)) return error;
  if (!isTransferError(error)) return new UploadError(() => errorMessage(error), { cause: error });
  switch (error.kind) {
    case 'cancelled':
      return uploadCancelled();
    case 'timeout':
      return new UploadError(() => t('upload.errors.timeout'), { cause: error });
    case 'network':
      return new UploadError(() => t('upload.errors.network'), { cause: error });
    case 'http':
      return new UploadError(() => t('upload.errors.uploadHttp', { status: error.status }), {
        cause: error,
      });
  }
}

/** A failed part of a multipart upload (SPEC §8 part messages). */
export function describePartFailure(error: unknown, partNumber: number): UploadError {
  if (isUploadError(error)) return error;
  if (!isTransferError(error)) return new UploadError(() => errorMessage(error), { cause: error });
  const n = partNumber;
  switch (error.kind) {
    case 'cancelled':
      return new UploadError(() => t('upload.errors.partCancelled', { n }), { cancelled: true });
    case 'timeout':
      return new UploadError(() => t('upload.errors.partTimeout', { n }), { cause: error });
    case 'network':
      return new UploadError(() => t('upload.errors.partNetwork', { n }), { cause: error });
    case 'http':
      return new UploadError(() => t('upload.errors.partHttp', { n, status: error.status }), {
        cause: error,
      });
  }
}

/** The main failure, plus what went wrong cleaning up after it (an abort that failed too). */
export function withCleanupFailure(error: UploadError, cleanup: string | null): UploadError {
  if (!cleanup) return error;
  return new UploadError(() => `${error.describe()} · ${cleanup}`, {
    cancelled: error.cancelled,
    cause: error,
  });
}

/**
 * A lost connection (not a cancel, not a refusal): a resumable multipart upload is then kept on
 * the server, and choosing the same file again goes on from the parts it stored.
 */
export const isConnectionLoss = (error: UploadError) =>
  !error.cancelled &&
  isTransferError(error.cause) &&
  (error.cause.kind === 'network' || error.cause.kind === 'timeout');

export const withResumeHint = (error: UploadError) =>
  new UploadError(() => `${error.describe()} · ${t('upload.errors.resumeHint')}`, {
    cause: error.cause,
  });

/**
 * Why a multipart upload stopped once started: a part stopped by the user's cancel reads as
 * the upload being cancelled; anything not yet worded is worded as an API failure.
 */
export function multipartFailure(error: unknown, cancelled: boolean): UploadError {
  if (cancelled) return uploadCancelled();
  return isUploadError(error) ? error : describeApiFailure(error, 'other');
}
