import type { FileShare } from '@sharebin/shared';
import { apiErrorText } from '../../../app/error-messages';
import { i18n } from '../../../i18n';
import { formatBytes } from '../../../shared/format-bytes';
import { sessionAuthorization } from '../../auth';
import { type CancelToken, watchCancel } from './cancel-token';
import { multipartUpload } from './multipart';
import { presignedUpload } from './presigned';
import { type ShareRequestOptions, type UrlInfo, uploadApi } from './upload.api';
import { downloadCancelled, UploadError } from './upload.errors';
import { chooseUploadMethod, type UploadHooks, type UploadMethod } from './upload.types';

/** A URL upload's two transfers: into the browser, then on to the storage. */
export type UrlUploadPhase = 'download' | 'upload';

export interface UrlUploadHooks extends UploadHooks {
  onPhase: (phase: UrlUploadPhase) => void;
  onMethod: (method: UploadMethod) => void;
}

/** A fetch that never reached an answer: offline, refused, or blocked by CORS or the CSP. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

async function proxyFailure(response: Response): Promise<UploadError> {
  let envelope: { error?: unknown; details?: unknown } = {};
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    // Not the API's envelope: the status says enough.
  }
  const { status } = response;
  const code = typeof envelope.error === 'string' ? envelope.error : null;
  // Worded by its code, never with the server's own text: that names hosts, ports and
  // Node's socket errors (`connect ECONNREFUSED 127.0.0.1:9149`).
  const cause = () =>
    (code && apiErrorText(code, envelope.details, i18n.language)) ||
    i18n.t('upload.errors.downloadHttp', { status });
  return new UploadError(() => i18n.t('upload.errors.downloadFailed', { cause: cause() }));
}

/**
 * Fetches the address into the browser (SPEC §4): directly first, through the server's proxy
 * when the browser may not (a network, CORS or CSP failure). Stops past `maxBytes`.
 */
export async function downloadToBrowser(input: {
  url: string;
  expectedSize: number | null;
  mimetype: string;
  maxBytes: number;
  cancel: CancelToken;
  onProgress: (loaded: number, total: number | null) => void;
}): Promise<Blob> {
  const controller = new AbortController();
  let tooLarge = false;
  const stopWatching = watchCancel(input.cancel, () => controller.abort());
  try {
    let response: Response;
    try {
      response = await fetch(input.url, {
        signal: controller.signal,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
        cache: 'no-store',
      });
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
      try {
        response = await fetch(uploadApi.urlProxy(input.url), {
          signal: controller.signal,
          headers: sessionAuthorization(),
          cache: 'no-store',
        });
      } catch (proxyError) {
        if (isNetworkFailure(proxyError)) {
          throw new UploadError(() => i18n.t('upload.errors.network'), { cause: proxyError });
        }
        throw proxyError;
      }
      if (!response.ok) throw await proxyFailure(response);
    }
    if (!response.ok) {
      throw new UploadError(() =>
        i18n.t('upload.errors.downloadFailed', {
          cause: i18n.t('upload.errors.downloadHttp', { status: response.status }),
        }),
      );
    }

    const declared = Number(response.headers.get('content-length'));
    const total = Number.isFinite(declared) && declared > 0 ? declared : input.expectedSize;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let loaded = 0;
    input.onProgress(0, total);
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        loaded += value.byteLength;
        if (loaded > input.maxBytes) {
          tooLarge = true;
          controller.abort();
          break;
        }
        input.onProgress(loaded, total);
      }
    }
    if (tooLarge) {
      throw new UploadError(() =>
        i18n.t('upload.errors.tooLarge', { limit: formatBytes(input.maxBytes, i18n.language) }),
      );
    }
    const type = input.mimetype || response.headers.get('content-type') || '';
    return new Blob(chunks, { type });
  } catch (error) {
    // Once cancelled, whatever the request ended with afterwards is the cancel's doing.
    if (input.cancel.cancelled) throw downloadCancelled();
    if (error instanceof UploadError) throw error;
    if (isNetworkFailure(error)) {
      throw new UploadError(() => i18n.t('upload.errors.network'), { cause: error });
    }
    throw new UploadError(
      () =>
        i18n.t('upload.errors.downloadFailed', {
          cause: error instanceof Error ? error.message : String(error),
        }),
      { cause: error },
    );
  } finally {
    stopWatching();
  }
}

/**
 * URL upload (SPEC §4): the address was analysed already (`info`); download it into the
 * browser, then send it to the storage by the presigned or multipart calls under `/url`.
 */
export async function urlUpload(input: {
  info: UrlInfo;
  filename: string;
  options: ShareRequestOptions;
  maxBytes: number;
  hooks: UrlUploadHooks;
}): Promise<FileShare> {
  const { info, hooks } = input;
  if (hooks.cancel.cancelled) throw downloadCancelled();
  if (info.size !== null && info.size > input.maxBytes) {
    throw new UploadError(() =>
      i18n.t('upload.errors.tooLarge', { limit: formatBytes(input.maxBytes, i18n.language) }),
    );
  }
  hooks.onPhase('download');
  hooks.onStage('uploading');
  const body = await downloadToBrowser({
    url: info.url,
    expectedSize: info.size,
    mimetype: info.mimetype,
    maxBytes: input.maxBytes,
    cancel: hooks.cancel,
    onProgress: (loaded, total) => hooks.onProgress(loaded, total ?? 0),
  });
  if (hooks.cancel.cancelled) throw downloadCancelled();

  hooks.onPhase('upload');
  const method = chooseUploadMethod(body.size);
  hooks.onMethod(method);
  const transfer = {
    route: 'url' as const,
    body,
    request: {
      ...input.options,
      filename: input.filename,
      mimetype: body.type || undefined,
      size: body.size,
      url: info.url,
    },
    hooks,
  };
  return method === 'multipart' ? multipartUpload(transfer) : presignedUpload(transfer);
}
