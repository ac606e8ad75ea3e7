import { resolveBackendUrl } from '../../../shared/backend';
import { type CancelToken, watchCancel } from './cancel-token';
import { TransferError } from './upload.errors';

export interface PutResult {
  status: number;
  /** The ETag response header without its quotes; null when the storage did not expose it. */
  etag: string | null;
  /** The answer's body (an API call's envelope); storages answer a part with nothing. */
  responseText: string;
}

export const stripEtagQuotes = (etag: string | null): string | null =>
  etag === null ? null : etag.replace(/"/g, '').trim() || null;

export interface SendInput {
  url: string;
  body: Blob;
  headers?: Record<string, string>;
  onProgress?: (loaded: number) => void;
  timeoutMs?: number;
  cancel: CancelToken;
}

/**
 * PUTs raw bytes to a storage URL with exactly the given headers, reporting bytes sent. Uses
 * XMLHttpRequest, the one browser API with upload progress. Succeeds on 2xx only (SPEC §5);
 * otherwise fails with a TransferError: http (with the status), network, timeout or cancelled.
 */
export function putWithProgress(input: SendInput): Promise<PutResult> {
  return sendWithProgress('PUT', input);
}

/**
 * The same transfer as any method: the file-system API takes parts and form uploads as POSTs
 * to the server. A refused answer's body travels on the TransferError for its error code.
 */
export function sendWithProgress(
  method: 'PUT' | 'POST',
  input: Omit<SendInput, 'body'> & { body: Blob | FormData },
): Promise<PutResult> {
  return new Promise((resolve, reject) => {
    if (input.cancel.cancelled) {
      reject(new TransferError('cancelled'));
      return;
    }
    const xhr = new XMLHttpRequest();
    let cancelled = false;
    const stopWatching = watchCancel(input.cancel, () => {
      cancelled = true;
      xhr.abort();
    });
    xhr.open(method, resolveBackendUrl(input.url));
    for (const [name, value] of Object.entries(input.headers ?? {})) {
      // The browser sets these itself and refuses to be told.
      if (/^(content-length|host)$/i.test(name)) continue;
      xhr.setRequestHeader(name, value);
    }
    if (input.timeoutMs) xhr.timeout = input.timeoutMs;
    xhr.upload.onprogress = (event) => input.onProgress?.(event.loaded);
    xhr.onload = () => {
      stopWatching();
      if (xhr.status >= 200 && xhr.status < 300) {
        if (input.body instanceof Blob) input.onProgress?.(input.body.size);
        resolve({
          status: xhr.status,
          etag: stripEtagQuotes(xhr.getResponseHeader('ETag')),
          responseText: xhr.responseText,
        });
      } else {
        reject(new TransferError('http', xhr.status, xhr.responseText));
      }
    };
    xhr.onerror = () => {
      stopWatching();
      reject(new TransferError('network'));
    };
    xhr.ontimeout = () => {
      stopWatching();
      reject(new TransferError('timeout'));
    };
    xhr.onabort = () => {
      stopWatching();
      reject(new TransferError(cancelled ? 'cancelled' : 'network'));
    };
    xhr.send(input.body);
  });
}
