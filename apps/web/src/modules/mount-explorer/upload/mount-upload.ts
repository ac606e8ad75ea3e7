import {
  fsMultipartPartResponseSchema,
  MULTIPART_CHUNK_SIZE,
  MULTIPART_PART_TIMEOUT_MS,
} from '@sharebin/shared';
import { apiErrorText } from '../../../app/error-messages';
import { i18n } from '../../../i18n';
import { sessionAuthorization } from '../../auth';
import {
  describeApiFailure,
  describePartFailure,
  describeTransferFailure,
  fileFingerprint,
  isConnectionLoss,
  isTransferError,
  multipartFailure,
  sendPartsInParallel,
  sendWithProgress,
  UploadError,
  type UploadHooks,
  uploadCancelled,
  withCleanupFailure,
  withResumeHint,
} from '../../files';
import { fsApi } from '../fs.api';

/** Files above one chunk go in parts (SPEC §9: 5 MiB), as the upload page sends large files. */
export const usesMultipart = (size: number) => size > MULTIPART_CHUNK_SIZE;

/** The API's envelope of a refused XMLHttpRequest call, worded by its code. */
function refusalOf(error: unknown): UploadError | null {
  if (!isTransferError(error) || error.kind !== 'http' || !error.responseText) return null;
  try {
    const envelope = JSON.parse(error.responseText) as { error?: unknown; details?: unknown };
    if (typeof envelope.error !== 'string') return null;
    const code = envelope.error;
    const details = envelope.details;
    const text = () => apiErrorText(code, details, i18n.language);
    return text() ? new UploadError(() => text() ?? code, { cause: error }) : null;
  } catch {
    return null;
  }
}

/** The ETag a part's answer carries: the envelope's, else the response header. */
function partEtag(responseText: string, header: string | null): string | null {
  try {
    const parsed = fsMultipartPartResponseSchema.safeParse(JSON.parse(responseText)?.data);
    if (parsed.success) return parsed.data.etag.replace(/"/g, '') || null;
  } catch {
    // Not JSON: the header is all there is.
  }
  return header;
}

/** POST upload: the file in one form, into `folder`. */
async function formUpload(file: File, folder: string, hooks: UploadHooks): Promise<void> {
  hooks.onStage('uploading');
  hooks.onProgress(0, file.size);
  const form = new FormData();
  form.set('path', folder);
  form.set('file', file, file.name);
  await sendWithProgress('POST', {
    url: fsApi.uploadUrl(),
    body: form,
    headers: sessionAuthorization(),
    cancel: hooks.cancel,
    // The form's framing adds a few bytes: the bar never runs past the file.
    onProgress: (loaded) => hooks.onProgress(Math.min(loaded, file.size), file.size),
  }).catch((error: unknown) => {
    throw refusalOf(error) ?? describeTransferFailure(error);
  });
}

async function abortQuietly(body: { path: string; uploadId: string; key: string }) {
  try {
    await fsApi.multipartAbort(body);
    return null;
  } catch (error) {
    return i18n.t('upload.errors.abortMultipartFailed', {
      cause: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Multipart through the server (SPEC §7): init, parts (three at a time), complete; abort on
 * failure. With a fingerprint the server resumes the same file's held upload, and only the parts
 * it lacks are sent.
 */
async function multipartUpload(file: File, folder: string, hooks: UploadHooks): Promise<void> {
  const contentType = file.type || 'application/octet-stream';
  hooks.onStage('initializing');
  const fingerprint = await fileFingerprint(file);
  const init = await fsApi
    .multipartInit({
      path: folder,
      contentType,
      fileSize: file.size,
      filename: file.name,
      ...(fingerprint ? { fingerprint } : {}),
    })
    .catch((error: unknown) => {
      throw describeApiFailure(error, 'init');
    });
  const ids = { path: init.path, uploadId: init.uploadId, key: init.key };
  try {
    if (hooks.cancel.cancelled) throw uploadCancelled();
    hooks.onStage('uploading');
    hooks.onProgress(0, file.size);
    const partSize = init.partSize > 0 ? init.partSize : MULTIPART_CHUNK_SIZE;
    const parts = await sendPartsInParallel({
      body: file,
      partSize,
      partCount: init.partCount,
      stored: init.uploaded,
      cancel: hooks.cancel,
      onProgress: (loaded) => hooks.onProgress(loaded, file.size),
      sendPart: async ({ partNumber, chunk, cancel, onProgress }) => {
        const url = init.parts[partNumber - 1]?.url;
        if (!url) throw new UploadError(() => i18n.t('upload.errors.noPartUrl', { n: partNumber }));
        // Presigned part URLs go straight to the storage (PUT, no session); the others come
        // back to this server, which checks the session on every part.
        const result = await sendWithProgress(init.direct ? 'PUT' : 'POST', {
          url,
          body: chunk,
          headers: init.direct
            ? {}
            : { ...sessionAuthorization(), 'Content-Type': 'application/octet-stream' },
          timeoutMs: MULTIPART_PART_TIMEOUT_MS,
          cancel,
          onProgress,
        }).catch((error: unknown) => {
          throw refusalOf(error) ?? describePartFailure(error, partNumber);
        });
        const etag = partEtag(result.responseText, result.etag);
        if (!etag) {
          throw new UploadError(() => i18n.t('upload.errors.partNoEtag', { n: partNumber }));
        }
        return etag;
      },
    });
    if (hooks.cancel.cancelled) throw uploadCancelled();
    hooks.onStage('completing');
    await fsApi
      .multipartComplete({ ...ids, parts, contentType, fileSize: file.size })
      .catch((error: unknown) => {
        throw describeApiFailure(error, 'complete');
      });
  } catch (error) {
    const failure = multipartFailure(error, hooks.cancel.cancelled);
    if (fingerprint !== null && isConnectionLoss(failure)) throw withResumeHint(failure);
    throw withCleanupFailure(failure, await abortQuietly(ids));
  }
}

/** Uploads one file into a mount folder: in one form, or in parts above one chunk. */
export async function uploadToMount(file: File, folder: string, hooks: UploadHooks) {
  if (hooks.cancel.cancelled) throw uploadCancelled();
  if (usesMultipart(file.size)) await multipartUpload(file, folder, hooks);
  else await formUpload(file, folder, hooks);
  hooks.onStage('completed');
}
