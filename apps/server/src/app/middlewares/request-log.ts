import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from '../app-env';
import { CLIENT_CLOSED_REQUEST, clientHungUp } from '../client-hang-up';

/**
 * One line per request. The path is logged without its query string, which may carry a
 * share password (`/raw/{slug}?password=`); headers are never logged. A request whose client
 * hung up before its answer is logged as 499, whatever the handler made of its cut body.
 */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (!logger.isLevelEnabled('info')) return;
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: clientHungUp(c) ? CLIENT_CLOSED_REQUEST : c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}
