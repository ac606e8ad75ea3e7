import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import type { AppEnv } from '../app-env';
import { clientClosedAnswer, clientHungUp } from '../client-hang-up';
import { errorResponse } from '../envelope';
import { AppError, internalError, methodNotAllowed, routeNotFound } from '../errors';
import type { AnyRoute } from '../route';

/** The one place where failures become envelopes; unknown ones become a bare 500. */
export function errorHandler(
  logger: Logger,
  /** Domain translators of their own error types (storage drivers, the database…). */
  mappers: ((error: unknown) => AppError | undefined)[] = [],
): ErrorHandler<AppEnv> {
  return (error, c) => {
    // A body cut by its client fails wherever it was being read: no failure of ours to log.
    if (clientHungUp(c)) return clientClosedAnswer();
    if (error instanceof AppError) return errorResponse(c, error);
    for (const map of mappers) {
      const mapped = map(error);
      if (mapped) {
        if (mapped.status >= 500)
          logger.warn(
            { err: error, requestId: c.get('requestId') },
            'outside service failed (storage, URL fetch)',
          );
        return errorResponse(c, mapped);
      }
    }
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(
        c,
        new AppError(error.status, `http.${error.status}`, error.message || 'Request failed'),
      );
    }
    logger.error(
      { err: error, requestId: c.get('requestId'), path: c.req.path },
      'unhandled error',
    );
    return errorResponse(c, internalError());
  };
}

/** 404 for an unknown API path, 405 (with `Allow`) for a known path with another method. */
export function apiNotFound(routes: AnyRoute[]) {
  const patterns = routes.map((route) => ({
    method: route.method.toUpperCase(),
    regex: new RegExp(`^/api${route.path.replace(/:\w+/g, '[^/]+')}/?$`),
  }));
  return (c: Context) => {
    const allowed = patterns.filter((p) => p.regex.test(c.req.path)).map((p) => p.method);
    return errorResponse(
      c,
      allowed.length > 0 ? methodNotAllowed([...new Set(allowed)]) : routeNotFound(),
    );
  };
}
