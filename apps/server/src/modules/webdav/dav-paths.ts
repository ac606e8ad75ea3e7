import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { decodeUrlPath } from '@sharebin/shared';
import type { Context } from 'hono';
import { davBadGateway, davBadRequest } from './dav.errors';

/** Where the WebDAV sub-app is mounted; `/dav/` is the virtual root of the file system. */
export const DAV_PREFIX = '/dav';

const publicPrefix = new AsyncLocalStorage<string>();

/**
 * Runs `work` (a WebDAV request's handling) with WebDAV at `prefix` as clients address it:
 * `/sb/dav` for a server under the path of `PUBLIC_URL`. Request targets, `Destination` and
 * `If` headers are read, and hrefs written, with that prefix.
 */
export function withDavPrefix<T>(prefix: string, work: () => T): T {
  return publicPrefix.run(prefix, work);
}

/** The prefix of the request being handled (see `withDavPrefix`); `/dav` outside one. */
export function davPrefix(): string {
  return publicPrefix.getStore() ?? DAV_PREFIX;
}

/**
 * The virtual path a request names: the raw (still percent-encoded) URL path below `/dav`,
 * decoded exactly once at this edge and normalised: `..`, `%2e%2e` and `..\` are refused.
 */
export function davPathOf(rawUrlPath: string): string {
  const prefix = davPrefix();
  if (rawUrlPath !== prefix && !rawUrlPath.startsWith(`${prefix}/`)) {
    throw davBadRequest(`The request URI is not below ${prefix}/`);
  }
  try {
    return decodeUrlPath(rawUrlPath.slice(prefix.length) || '/');
  } catch (error) {
    throw davBadRequest((error as Error).message);
  }
}

/**
 * The request target exactly as the client sent it. Node keeps it raw; the URL that Hono and
 * `new URL` build from it has `..`, `%2e%2e` and `\` already resolved, so that
 * `/dav/docs/../secret/x` would reach `/secret/x` before any check saw the `..`. In process
 * (`app.request`) there is no raw target and the request's URL stands in.
 */
export function requestTargetOf(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.url ?? c.req.url;
}

/**
 * The path of a request target or a URL (origin and query cut off), still percent-encoded. A
 * fragment never belongs in a request line: one that arrives there is refused rather than
 * silently cut off (a DELETE of `/a/#b` must not delete `/a/`).
 */
export function rawPathOf(target: string): string {
  const path = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '');
  if (path.includes('#')) throw davBadRequest('The request URI holds a fragment');
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

/** A `Destination` header as a virtual path; another server's address is refused (RFC 4918 §9.8.5). */
export function destinationPathOf(
  header: string | undefined,
  requestUrl: string,
  /** The origin clients use when it differs from the request's (a proxy, `PUBLIC_URL`). */
  publicOrigin?: string,
): string {
  if (!header) throw davBadRequest('COPY and MOVE need a Destination header');
  let target: URL;
  try {
    target = new URL(header, requestUrl);
  } catch {
    throw davBadRequest('The Destination header is not a URL');
  }
  const ownHosts = [new URL(requestUrl).host, publicOrigin && new URL(publicOrigin).host];
  if (!ownHosts.includes(target.host)) throw davBadGateway();
  const prefix = davPrefix();
  if (target.pathname !== prefix && !target.pathname.startsWith(`${prefix}/`)) {
    throw davBadGateway();
  }
  // The header as sent, not as the URL parser resolved it.
  return davPathOf(rawPathOf(header));
}

/** The href of a virtual path in a multistatus answer: each segment encoded, folders end with `/`. */
export function hrefOf(path: string, isDirectory: boolean): string {
  const encoded = path === '/' ? '' : path.split('/').map(encodeURIComponent).join('/');
  return `${davPrefix()}${encoded}${isDirectory ? '/' : ''}`;
}
