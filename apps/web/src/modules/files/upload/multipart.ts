import { type FileShare, MULTIPART_CHUNK_SIZE, MULTIPART_PART_TIMEOUT_MS } from '@sharebin/shared';
import { i18n } from '../../../i18n';
import { abortMultipart } from './cleanup';
import { fileFingerprint } from './file-fingerprint';
import { type PartSender, sendPartsInParallel } from './parts';
import { putWithProgress } from './transfer';
import { type MultipartInit, type UploadRoute, uploadApi } from './upload.api';
import {
  describeApiFailure,
  describePartFailure,
  isConnectionLoss,
  multipartFailure,
  UploadError,
  uploadCancelled,
  withCleanupFailure,
  withResumeHint,
} from './upload.errors';
import type { StorageTransfer } from './upload.types';

/** The server hands out presigned part URLs for at most this many parts per call. */
const PART_URLS_PER_CALL = 100;

/** Part URLs fetched a hundred at a time, when the first part of each hundred is due. */
function partUrlSource(route: UploadRoute, init: MultipartInit, partCount: number) {
  const batches = new Map<number, Promise<Map<number, string>>>();
  return async (partNumber: number): Promise<string> => {
    const batch = Math.floor((partNumber - 1) / PART_URLS_PER_CALL);
    let urls = batches.get(batch);
    if (!urls) {
      const first = batch * PART_URLS_PER_CALL + 1;
      const last = Math.min(first + PART_URLS_PER_CALL - 1, partCount);
      const numbers = Array.from({ length: last - first + 1 }, (_, index) => first + index);
      urls = uploadApi
        .multipartParts(route, init.file_id, numbers)
        .then(({ parts }) => new Map(parts.map((part) => [part.partNumber, part.url])));
      batches.set(batch, urls);
    }
    const url = (
      await urls.catch((error: unknown) => {
        throw describeApiFailure(error, 'other');
      })
    ).get(partNumber);
    if (!url) throw new UploadError(() => i18n.t('upload.errors.noPartUrl', { n: partNumber }));
    return url;
  };
}

/** A share's parts go straight to the storage, each to its presigned URL. */
function presignedPartSender(urlFor: (partNumber: number) => Promise<string>): PartSender {
  return async ({ partNumber, chunk, cancel, onProgress }) => {
    const url = await urlFor(partNumber);
    const result = await putWithProgress({
      url,
      body: chunk,
      timeoutMs: MULTIPART_PART_TIMEOUT_MS,
      cancel,
      onProgress,
    }).catch((error: unknown) => {
      throw describePartFailure(error, partNumber);
    });
    if (!result.etag) {
      throw new UploadError(() => i18n.t('upload.errors.partNoEtag', { n: partNumber }));
    }
    return result.etag;
  };
}

/**
 * Multipart upload (SPEC §4): init, send the parts, complete. A cancel or a refusal aborts the
 * upload on the server, which also drops the reserved share. A picked file goes with its
 * fingerprint: the server then resumes the same file's held upload, only the parts it lacks are
 * sent, and a lost connection keeps it held for the next try.
 */
export async function multipartUpload({
  route,
  body,
  request,
  hooks,
}: StorageTransfer): Promise<FileShare> {
  if (hooks.cancel.cancelled) throw uploadCancelled();
  hooks.onStage('initializing');
  const fingerprint = body instanceof File ? await fileFingerprint(body) : null;
  let init: MultipartInit;
  try {
    init = await uploadApi.multipartInit(route, {
      ...request,
      ...(fingerprint ? { fingerprint } : {}),
    });
  } catch (error) {
    throw describeApiFailure(error, 'init');
  }

  try {
    if (hooks.cancel.cancelled) throw uploadCancelled();
    hooks.onStage('uploading');
    hooks.onProgress(0, body.size);
    const partSize = init.part_size > 0 ? init.part_size : MULTIPART_CHUNK_SIZE;
    const partCount = init.part_count > 0 ? init.part_count : Math.ceil(body.size / partSize);
    const parts = await sendPartsInParallel({
      body,
      partSize,
      partCount,
      stored: init.uploaded_parts ?? [],
      cancel: hooks.cancel,
      onProgress: (loaded) => hooks.onProgress(loaded, body.size),
      sendPart: presignedPartSender(partUrlSource(route, init, partCount)),
    });
    if (hooks.cancel.cancelled) throw uploadCancelled();
    // The storage assembles the parts while the server completes the upload.
    hooks.onStage('processing');
    const share = await uploadApi
      .multipartComplete(route, init.file_id, parts)
      .catch((error: unknown) => {
        throw describeApiFailure(error, 'complete');
      });
    hooks.onStage('completed');
    return share;
  } catch (error) {
    const failure = multipartFailure(error, hooks.cancel.cancelled);
    if (fingerprint !== null && isConnectionLoss(failure)) throw withResumeHint(failure);
    throw withCleanupFailure(failure, await abortMultipart(route, init.file_id));
  }
}
