import type { TFunction } from 'i18next';
import { apiErrorText } from '../../../app/error-messages';
import { formatBytes } from '../../../shared/format-bytes';
import type { Refusal } from '../upload-request.limits';
import type { SendFailure } from './send-file';

/** Why a file was not taken, with the limit it met in the reader's units. */
export function refusalText(t: TFunction, language: string, refusal: Refusal): string {
  const words = 'uploadRequests.view.refusals';
  switch (refusal.reason) {
    case 'tooLarge':
      return t(`${words}.tooLarge`, { limit: formatBytes(refusal.limit, language) });
    case 'typeNotAllowed':
      return t(`${words}.typeNotAllowed`, { types: refusal.allowed.join(', ') });
    case 'tooManyFiles':
      return refusal.remaining === 0
        ? t(`${words}.tooManyFilesNone`)
        : t(`${words}.tooManyFiles`, { count: refusal.remaining });
    case 'noRoom':
      return t(`${words}.noRoom`, { remaining: formatBytes(refusal.remaining, language) });
    case 'full':
    case 'expired':
    case 'closed':
      return t(`${words}.${refusal.reason}`);
  }
}

/** A failure the page has no refusal of its own for: the connection, or the server's words. */
export function failureText(t: TFunction, language: string, failure: SendFailure): string {
  const words = 'uploadRequests.view.refusals';
  switch (failure.kind) {
    case 'cancelled':
      return t('uploadRequests.view.queue.cancelled');
    case 'network':
    case 'timeout':
      return t(`${words}.${failure.kind}`);
    case 'refused':
      return (
        (failure.code ? apiErrorText(failure.code, failure.details, language) : null) ??
        t(`${words}.http`, { status: failure.status })
      );
  }
}
