import { ERROR_CODES } from '@sharebin/shared';
import { isApiError } from '../../../app/api-client';
import { i18n } from '../../../i18n';
import { type UploadRoute, uploadApi } from './upload.api';

const causeOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** The record is gone already (the server drops it when a commit finds the object wrong). */
const alreadyGone = (error: unknown) => isApiError(error) && error.status === 404;
/** The commit went through and only its answer was lost: the share stays, nothing to release. */
const committed = (error: unknown) =>
  isApiError(error) && error.code === ERROR_CODES.fileAlreadyLive;

/**
 * Removes the share a failed presigned upload reserved (SPEC §4): a file upload's record by
 * the admin or user route, a URL upload's through `url/cancel`. Answers what went wrong, if
 * anything, for the row's message.
 */
export async function releaseReservedShare(
  route: UploadRoute,
  fileId: string,
): Promise<string | null> {
  try {
    if (route === 'url') await uploadApi.urlCancel(fileId);
    else await uploadApi.discard(fileId);
    return null;
  } catch (error) {
    if (alreadyGone(error) || committed(error)) return null;
    return route === 'url'
      ? i18n.t('upload.errors.cancelUrlUploadFailed', { cause: causeOf(error) })
      : i18n.t('upload.errors.discardFailed', { cause: causeOf(error) });
  }
}

/** Aborts a multipart upload after a failure or a cancel (SPEC §4). */
export async function abortMultipart(route: UploadRoute, fileId: string): Promise<string | null> {
  try {
    await uploadApi.multipartAbort(route, fileId);
    return null;
  } catch (error) {
    if (alreadyGone(error)) return null;
    return i18n.t('upload.errors.abortMultipartFailed', { cause: causeOf(error) });
  }
}
