import type { FileShare, PresignResponse } from '@sharebin/shared';
import { releaseReservedShare } from './cleanup';
import { putWithProgress } from './transfer';
import { uploadApi } from './upload.api';
import {
  describeApiFailure,
  describeTransferFailure,
  isUploadError,
  uploadCancelled,
  withCleanupFailure,
} from './upload.errors';
import type { StorageTransfer } from './upload.types';

/**
 * Presigned upload (SPEC §4): reserve the share and get a URL, PUT the bytes straight to the
 * storage, commit. Any failure after the reservation deletes the reserved record again.
 */
export async function presignedUpload({
  route,
  body,
  request,
  hooks,
}: StorageTransfer): Promise<FileShare> {
  if (hooks.cancel.cancelled) throw uploadCancelled();
  hooks.onStage('initializing');
  let presigned: PresignResponse;
  try {
    presigned = await uploadApi.presign(route, request);
  } catch (error) {
    throw describeApiFailure(error, 'presign');
  }

  try {
    if (hooks.cancel.cancelled) throw uploadCancelled();
    hooks.onStage('uploading');
    hooks.onProgress(0, body.size);
    await putWithProgress({
      url: presigned.upload_url,
      body,
      headers: presigned.upload_headers,
      onProgress: (loaded) => hooks.onProgress(loaded, body.size),
      cancel: hooks.cancel,
    }).catch((error: unknown) => {
      throw describeTransferFailure(error);
    });
    if (hooks.cancel.cancelled) throw uploadCancelled();
    hooks.onStage('completing');
    const share = await uploadApi.commit(route, presigned.file_id).catch((error: unknown) => {
      throw describeApiFailure(error, 'commit');
    });
    hooks.onStage('completed');
    return share;
  } catch (error) {
    const failure = isUploadError(error) ? error : describeApiFailure(error, 'other');
    throw withCleanupFailure(failure, await releaseReservedShare(route, presigned.file_id));
  }
}
