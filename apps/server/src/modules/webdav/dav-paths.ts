import { normalizePath } from '@sharebin/shared';
import { davBadGateway, davBadRequest } from './dav.errors';

/** Where the WebDAV sub-app is mounted; `/dav/` is the virtual root of the file system. */
export const DAV_PREFIX = '/dav';

/**
 * The virtual path a request names: the raw (still percent-encoded) URL path below `/dav`,
 * through the product's one normaliser, which decodes it exactly once.
 */
export function davPathOf(rawUrlPath: string): string {
  const below = rawUrlPath.slice(DAV_PREFIX.length);
  try {
    return normalizePath(below || '/');
  } catch (error) {
    throw davBadRequest((error as Error).message);
  }
}

/**
 * The raw URL path of a request, not decoded by the router. A fragment never belongs in a
 * request line: one that arrives there is refused rather than silently cut off (a DELETE of
 * `/a/#b` must not delete `/a/`).
 */
export function rawPathOf(url: string): string {
  const parsed = new URL(url);
  if (parsed.hash !== '' || url.endsWith('#'))
    throw davBadRequest('The request URI holds a fragment');
  return parsed.pathname;
}

/** A `Destination` header as a virtual path; another server's address is refused (RFC 4918 §9.8.5). */
export function destinationPathOf(header: string | undefined, requestUrl: string): string {
  if (!header) throw davBadRequest('COPY and MOVE need a Destination header');
  let target: URL;
  try {
    target = new URL(header, requestUrl);
  } catch {
    throw davBadRequest('The Destination header is not a URL');
  }
  if (target.host !== new URL(requestUrl).host) throw davBadGateway();
  if (target.pathname !== DAV_PREFIX && !target.pathname.startsWith(`${DAV_PREFIX}/`)) {
    throw davBadGateway();
  }
  return davPathOf(target.pathname);
}

/** The href of a virtual path in a multistatus answer: each segment encoded, folders end with `/`. */
export function hrefOf(path: string, isDirectory: boolean): string {
  const encoded = path === '/' ? '' : path.split('/').map(encodeURIComponent).join('/');
  return `${DAV_PREFIX}${encoded}${isDirectory ? '/' : ''}`;
}
