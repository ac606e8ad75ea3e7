import { ERROR_CODES, type Principal } from '@sharebin/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from 'pino';
import { DAV_PREFIX } from '../../modules/webdav/dav-paths';
import type { AppEnv } from '../app-env';
import { CLIENT_CLOSED_REQUEST, clientHungUp } from '../client-hang-up';
import { AppError } from '../errors';

/**
 * 5xx answers of a server shedding load as it is meant to (its queue full, asked to come back
 * later): logged as warnings, without a stack, not as failures.
 */
const LOAD_SHEDDING = new Set<string>([ERROR_CODES.fsThumbnailBusy]);

/** The route label of WebDAV requests, whatever their path. */
export const WEBDAV_ROUTE = 'webdav';
/** The route label of the web app's pages and assets, whatever their path. */
export const WEB_APP_ROUTE = 'web-app';
/** No handler answered (a path nothing serves, a preflight a middleware answered). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route a request went to, as registered (`/api/admin/pastes/:id`), never the raw path: a
 * label of metrics and a field of the log, so its values must stay few. WebDAV and the web
 * app's files are one label each. Read after the handlers ran: Hono's route index then points
 * at the handler that answered.
 */
export function routeTemplate(c: Context): string {
  const answered = matchedRoutes(c)[c.req.routeIndex];
  // Middlewares take `next`; a middleware that answered is no route.
  if (!answered || answered.handler.length >= 2) return UNMATCHED_ROUTE;
  const { path } = answered;
  if (path !== '*' && !path.endsWith('/*')) return path;
  if (path.endsWith(`${DAV_PREFIX}/*`)) return WEBDAV_ROUTE;
  // The API's own catch-all (unknown API paths) keeps its path; the web app takes the rest.
  if (path.endsWith('/api/*')) return path;
  return WEB_APP_ROUTE;
}

/** `admin`, or the API key's id; never a secret. Absent when nobody signed in. */
export function principalLabel(principal: Principal | undefined): string | undefined {
  if (!principal || principal.type === 'none') return undefined;
  return principal.type === 'admin' ? 'admin' : `apikey:${principal.id}`;
}

/**
 * One line per request: id, client address (as TRUST_PROXY decides it), principal, route
 * template, method, path, status and time. The path is logged without its query string, which
 * may carry a share password (`/raw/{slug}?password=`); headers are never logged. A request
 * whose client hung up before its answer is logged as 499 at info, whatever the handler made
 * of its cut body. A 5xx is logged at error level with the failure that caused it, unless it
 * is load shed on purpose (a warning).
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const hungUp = clientHungUp(c);
    const status = hungUp ? CLIENT_CLOSED_REQUEST : c.res.status;
    const failure = c.get('failure');
    const shedding = failure instanceof AppError && LOAD_SHEDDING.has(failure.code);
    const failed = !hungUp && status >= 500 && !shedding;
    const busy = !hungUp && shedding;
    const level = failed ? 'error' : busy ? 'warn' : 'info';
    if (!logger.isLevelEnabled(level)) return;
    const principal = principalLabel(c.get('principal'));
    const line = {
      requestId: c.get('requestId'),
      // The whole address (rate limits count an IPv6 client by its /64: `clientIp`).
      clientIp: c.get('clientAddress') ?? c.get('clientIp'),
      ...(principal ? { principal } : {}),
      route: routeTemplate(c),
      method: c.req.method,
      // As the client sent it, base path included (`c.req.path` is the path below it).
      path: new URL(c.req.url).pathname,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (failed) logger.error({ ...line, err: failure }, 'request failed');
    else if (busy) logger.warn({ ...line, code: failure.code }, 'request shed: busy');
    else logger.info(line, 'request');
  };
}
