import {
  fsMultipartPartResponseSchema,
  MULTIPART_CHUNK_SIZE,
  MULTIPART_PART_TIMEOUT_MS,
  receivedFilesSchema,
  STORAGE_KEYS,
} from '@sharebin/shared';
import { isApiError } from '../../../app/api-client';
import {
  type CancelSource,
  fileFingerprint,
  isTransferError,
  sendPartsInParallel,
  sendWithProgress,
} from '../../files';
import { uploadRequestVisitApi } from '../upload-requests.api';

/** A file as the request stored it: under its own name, or `name (1).ext` when taken. */
export interface StoredFile {
  name: string;
  size: number;
}

/** Why a file did not arrive: stopped by the visitor, lost on the way, or refused. */
export type SendFailure =
  | { kind: 'cancelled' }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'refused'; status: number; code: string | null; details: unknown };

export class SendError extends Error {
  constructor(readonly failure: SendFailure) {
    super(failure.kind);
    this.name = 'SendError';
  }
}

/** The API's envelope of a refusal: its code and details, when the body is one. */
function refusalOf(status: number, responseText: string): SendFailure {
  try {
    const envelope = JSON.parse(responseText) as { error?: unknown; details?: unknown };
    const code = typeof envelope.error === 'string' ? envelope.error : null;
    return { kind: 'refused', status, code, details: envelope.details };
  } catch {
    return { kind: 'refused', status, code: null, details: undefined };
  }
}

function failureOf(error: unknown): SendFailure {
  if (error instanceof SendError) return error.failure;
  if (isApiError(error)) {
    return error.status === 0
      ? { kind: 'network' }
      : { kind: 'refused', status: error.status, code: error.code, details: error.details };
  }
  if (!isTransferError(error)) return { kind: 'network' };
  if (error.kind === 'http') return refusalOf(error.status, error.responseText);
  return { kind: error.kind };
}

/** The request a visitor sends to: its slug, and the access token of a protected one. */
export interface RequestTarget {
  slug: string;
  token: string | null;
}

interface SendOptions {
  cancel: CancelSource;
  onProgress: (loaded: number) => void;
}

/**
 * Sends one file to a request, reporting the bytes sent; fails with a SendError. A file over one
 * chunk goes in parts, and picked again after a reload or a lost connection it goes on from the
 * parts the server stored; a smaller one goes as a form with its one `file` part.
 */
export function sendFile(target: RequestTarget, file: File, options: SendOptions) {
  return file.size > MULTIPART_CHUNK_SIZE
    ? sendInParts(target, file, options)
    : sendForm(uploadRequestVisitApi.filesUrl(target.slug, target.token), file, options);
}

/** One part through this server: the answer carries its ETag. */
async function sendPart(
  url: string,
  chunk: Blob,
  cancel: SendOptions['cancel']['token'],
  onProgress: (loaded: number) => void,
) {
  const result = await sendWithProgress('PUT', {
    url,
    body: chunk,
    cancel,
    timeoutMs: MULTIPART_PART_TIMEOUT_MS,
    onProgress,
  });
  const answer = fsMultipartPartResponseSchema.safeParse(JSON.parse(result.responseText)?.data);
  if (!answer.success) throw new SendError({ kind: 'network' });
  return answer.data.etag;
}

/**
 * This browser's secret for the fingerprints of files sent to requests (kept in localStorage),
 * or null where nothing can be kept: then no file resumes.
 */
function visitorSecret(): string | null {
  try {
    let secret = window.localStorage.getItem(STORAGE_KEYS.uploadSecret);
    if (!secret) {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      secret = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
      window.localStorage.setItem(STORAGE_KEYS.uploadSecret, secret);
    }
    return secret;
  } catch {
    return null;
  }
}

async function sendInParts(
  { slug, token }: RequestTarget,
  file: File,
  { cancel, onProgress }: SendOptions,
): Promise<StoredFile> {
  // Visitors share the request's calls: the fingerprint is made this browser's own.
  const secret = visitorSecret();
  const fingerprint = secret === null ? null : await fileFingerprint(file, secret);
  try {
    const init = await uploadRequestVisitApi.multipartInit(slug, token, {
      filename: file.name,
      size: file.size,
      ...(file.type ? { mimetype: file.type } : {}),
      ...(fingerprint ? { fingerprint } : {}),
    });
    try {
      const parts = await sendPartsInParallel({
        body: file,
        partSize: init.partSize,
        partCount: init.partCount,
        stored: init.uploaded,
        cancel: cancel.token,
        onProgress,
        sendPart: ({ partNumber, chunk, cancel: partCancel, onProgress: onPart }) => {
          const url = init.parts[partNumber - 1]?.url;
          if (!url) throw new SendError({ kind: 'network' });
          return sendPart(url, chunk, partCancel, onPart);
        },
      });
      return await uploadRequestVisitApi.multipartComplete(slug, { upload: init.upload, parts });
    } catch (error) {
      const failure = cancel.token.cancelled ? { kind: 'cancelled' as const } : failureOf(error);
      // A lost connection keeps the parts for the same file picked again; the rest ends it.
      const resumable =
        fingerprint !== null && (failure.kind === 'network' || failure.kind === 'timeout');
      if (!resumable)
        await uploadRequestVisitApi.multipartAbort(slug, init.upload).catch(() => null);
      throw new SendError(failure);
    }
  } catch (error) {
    throw error instanceof SendError ? error : new SendError(failureOf(error));
  }
}

async function sendForm(
  url: string,
  file: File,
  { cancel, onProgress }: SendOptions,
): Promise<StoredFile> {
  const form = new FormData();
  form.set('file', file, file.name);
  const result = await sendWithProgress('POST', {
    url,
    body: form,
    cancel: cancel.token,
    // The form's framing adds a few bytes: the bar never runs past the file.
    onProgress: (loaded) => onProgress(Math.min(loaded, file.size)),
  }).catch((error: unknown) => {
    throw new SendError(failureOf(error));
  });
  // A 2xx without the stored name still means the file arrived, under the name it was sent as.
  return storedOf(result.responseText) ?? { name: file.name, size: file.size };
}

function storedOf(responseText: string): StoredFile | undefined {
  try {
    const answer = receivedFilesSchema.safeParse(JSON.parse(responseText)?.data);
    return answer.success ? answer.data.files[0] : undefined;
  } catch {
    return undefined;
  }
}
