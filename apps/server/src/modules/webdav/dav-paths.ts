import type { IncomingMessage } from 'node:http';
import { decodeUrlPath } from '@sharebin/shared';
import type { Context } from 'hono';
import { davBadGateway, davBadRequest } from './dav.errors';

/** Where the WebDAV sub-app is mounted; `/dav/` is the virtual root of the file system. */
export const DAV_PREFIX = '/dav';

/**
 * How one server addresses WebDAV: the prefix clients use (`/sb/dav` under the path of
 * `PUBLIC_URL`), with which request targets, `Destination` and `If` headers are read and hrefs
 * written. Made once per server and handed to what writes or reads them (no ambient state: an
 * AsyncLocalStorage would make Node track every promise of the process).
 */
export function createDavPaths(prefix: string = DAV_PREFIX) {
  /**
   * The virtual path a request names: the raw (still percent-encoded) URL path below the
   * prefix, decoded exactly once at this edge and normalised: `..`, `%2e%2e` and `..\` are
   * refused.
   */
  function pathOf(rawUrlPath: string): string {
    if (rawUrlPath !== prefix && !rawUrlPath.startsWith(`${prefix}/`)) {
      throw davBadRequest(`The request URI is not below ${prefix}/`);
    }
    try {
      return decodeUrlPath(rawUrlPath.slice(prefix.length) || '/');
    } catch (error) {
      throw davBadRequest((error as Error).message);
    }
  }

  return {
    prefix,
    pathOf,

    /** A `Destination` header as a virtual path; another server's address is refused (RFC 4918 §9.8.5). */
    destinationPathOf(
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
      if (target.pathname !== prefix && !target.pathname.startsWith(`${prefix}/`)) {
        throw davBadGateway();
      }
      // The header as sent, not as the URL parser resolved it.
      return pathOf(rawPathOf(header));
    },

    /** The href of a virtual path in a multistatus answer: each segment encoded, folders end with `/`. */
    hrefOf(path: string, isDirectory: boolean): string {
      const encoded = path === '/' ? '' : path.split('/').map(encodeURIComponent).join('/');
      return `${prefix}${encoded}${isDirectory ? '/' : ''}`;
    },
  };
}

export type DavPaths = ReturnType<typeof createDavPaths>;

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
