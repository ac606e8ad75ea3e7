import type { Context, MiddlewareHandler } from 'hono';
import { getPath } from 'hono/utils/url';
import type { AppEnv } from './app-env';
import { errorResponse } from './envelope';
import { routeNotFound } from './errors';

/**
 * What the router sees for a request outside the base path. Every path a client can send
 * starts with `/`, so no route matches this one; `outsideBasePath` answers it.
 */
const OUTSIDE = '\u0000outside-base-path';

/**
 * The app's routing path for a server under `basePath` (`/sb`): the request's path without the
 * prefix, so that every route, the web app and WebDAV are declared once, at the root. A proxy
 * forwards `/sb/…` unchanged; `/sb` alone is the app's root. The URL itself (`c.req.url`, and
 * the raw target WebDAV reads) keeps the prefix.
 */
export function pathUnderBase(basePath: string) {
  return (request: Request): string => {
    const path = getPath(request);
    if (path === basePath) return '/';
    if (path.startsWith(`${basePath}/`)) return path.slice(basePath.length);
    return OUTSIDE;
  };
}

/**
 * Answers requests outside the base path with a 404: the envelope for what looks like an API
 * call (or asks for JSON), a line of text naming the base path otherwise.
 */
export function outsideBasePath(basePath: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path !== OUTSIDE) return next();
    return notUnderBase(c, basePath);
  };
}

function notUnderBase(c: Context<AppEnv>, basePath: string): Response {
  const path = new URL(c.req.url).pathname;
  const wantsJson =
    /^\/api(?:\/|$)/.test(path) || (c.req.header('accept') ?? '').includes('application/json');
  if (wantsJson) return errorResponse(c, routeNotFound());
  return c.text(`Not found: this server answers under ${basePath}/\n`, 404);
}
