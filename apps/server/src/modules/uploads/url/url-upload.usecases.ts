import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import type { UrlInfo } from '@sharebin/shared';
import { fileTooLarge } from '../../files/files.errors';
import { mimetypeFor } from '../../shared/media-types';
import type { AddressPolicy } from './address-policy';
import { type HostResolver, safeFetch } from './url-fetch';

export interface UrlFetchLimits {
  /** Longest silence on a connection. */
  idleMs: number;
  /** Whole `info` call, redirects included. */
  infoDeadlineMs: number;
  /** Whole proxied download, body included. */
  downloadDeadlineMs: number;
}

export const DEFAULT_URL_FETCH_LIMITS: UrlFetchLimits = {
  idleMs: 15_000,
  infoDeadlineMs: 30_000,
  downloadDeadlineMs: 60 * 60_000,
};

/** The name a download would get: Content-Disposition, else the last path segment. */
export function filenameFrom(url: URL, response: IncomingMessage): string {
  const disposition = response.headers['content-disposition'] ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  let name = '';
  try {
    name = encoded
      ? decodeURIComponent(encoded)
      : (plain ?? decodeURIComponent(url.pathname.split('/').pop() ?? ''));
  } catch {
    name = plain ?? '';
  }
  const safe = [...name.replace(/[/\\]/g, '_')]
    .filter((char) => char.charCodeAt(0) >= 0x20)
    .join('')
    .trim();
  return safe && safe !== '.' && safe !== '..' ? safe.slice(0, 255) : 'download';
}

/**
 * Server-side help for URL uploads: what a URL holds, and a proxy for browsers whose direct
 * download fails (CORS). Only addresses the policy allows are contacted, redirects included.
 */
export function createUrlUploadUseCases({
  policy,
  resolve,
  limits,
  maxUploadBytes,
}: {
  policy: AddressPolicy;
  resolve: HostResolver;
  limits: UrlFetchLimits;
  maxUploadBytes: () => Promise<number>;
}) {
  const fetchOptions = (method: 'GET' | 'HEAD', deadline: AbortSignal) => ({
    method,
    policy,
    resolve,
    timeoutMs: limits.idleMs,
    deadline,
  });
  return {
    async info(url: string): Promise<UrlInfo> {
      const deadline = AbortSignal.timeout(limits.infoDeadlineMs);
      let fetched = await safeFetch(url, fetchOptions('HEAD', deadline)).catch(() => null);
      // Some servers refuse HEAD; a GET whose body is left unread tells the same.
      fetched ??= await safeFetch(url, fetchOptions('GET', deadline));
      const { response } = fetched;
      response.destroy();
      const length = Number(response.headers['content-length']);
      const filename = filenameFrom(fetched.url, response);
      return {
        url: fetched.url.toString(),
        filename,
        size: Number.isSafeInteger(length) && length >= 0 ? length : null,
        mimetype: mimetypeFor(filename, response.headers['content-type']?.split(';')[0]?.trim()),
      };
    },

    /** Streams the remote file, stopping at the upload limit. */
    async proxy(url: string) {
      const limit = await maxUploadBytes();
      const deadline = AbortSignal.timeout(limits.downloadDeadlineMs);
      const { response } = await safeFetch(url, fetchOptions('GET', deadline));
      const length = Number(response.headers['content-length']);
      if (Number.isSafeInteger(length) && length > limit) {
        response.destroy();
        throw fileTooLarge(limit);
      }
      let seen = 0;
      const limited = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          seen += chunk.length;
          callback(seen > limit ? fileTooLarge(limit) : null, chunk);
        },
      });
      response.on('error', (error) => limited.destroy(error));
      // A browser that goes away (or a refused size) must not leave the remote download running.
      limited.on('close', () => response.destroy());
      return {
        body: response.pipe(limited),
        contentType: response.headers['content-type'] ?? 'application/octet-stream',
        contentLength: Number.isSafeInteger(length) ? length : undefined,
      };
    },
  };
}

export type UrlUploadUseCases = ReturnType<typeof createUrlUploadUseCases>;
