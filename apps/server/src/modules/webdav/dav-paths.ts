import type { IncomingMessage } from 'node:http';
import { decodeUrlPath } from '@sharebin/shared';
import type { Context } from 'hono';
import { davBadGateway, davBadRequest } from './dav.errors';

/** Where the WebDAV sub-app is mounted; `/dav/` is the virtual root of the file system. */
export const DAV_PREFIX = '/dav';

/** Passed explicitly, not via AsyncLocalStorage, which makes Node track every promise. */
export function createDavPaths(prefix: string = DAV_PREFIX) {
  /** Decoded exactly once, here; `..`, `%2e%2e` and `..\` are refused. */
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
 * Raw, because `new URL` resolves `..` before any check sees it (`/dav/docs/../secret/x`).
 * In process (`app.request`) the request's URL stands in.
 */
export function requestTargetOf(c: Context): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.url ?? c.req.url;
}

/** Still encoded. A fragment is refused, not cut: a DELETE of `/a/#b` must not delete `/a/`. */
export function rawPathOf(target: string): string {
  const path = target.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '');
  if (path.includes('#')) throw davBadRequest('The request URI holds a fragment');
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}
