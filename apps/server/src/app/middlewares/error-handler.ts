import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../app-env';
import { clientClosedAnswer, clientHungUp } from '../client-hang-up';
import { errorResponse } from '../envelope';
import { AppError, internalError, methodNotAllowed, routeNotFound } from '../errors';
import type { AnyRoute } from '../route';

/**
 * The one place where failures become envelopes; unknown ones become a bare 500. A failure
 * answered with a 5xx is kept on the context for the request log, which writes it at error
 * level with the request's line (one line per request, the cause in it).
 */
export function errorHandler(
  /** Domain translators of their own error types (storage drivers, the database…). */
  mappers: ((error: unknown) => AppError | undefined)[] = [],
): ErrorHandler<AppEnv> {
  return (error, c) => {
    // A body cut by its client fails wherever it was being read: no failure of ours to log.
    if (clientHungUp(c)) return clientClosedAnswer();
    const answer = appErrorOf(error, mappers);
    if (answer.status >= 500) c.set('failure', error);
    return errorResponse(c, answer);
  };
}

function appErrorOf(error: unknown, mappers: ((error: unknown) => AppError | undefined)[]) {
  if (error instanceof AppError) return error;
  for (const map of mappers) {
    const mapped = map(error);
    if (mapped) return mapped;
  }
  if (error instanceof HTTPException && error.status < 500) {
    return new AppError(error.status, `http.${error.status}`, error.message || 'Request failed');
  }
  return internalError();
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
