import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, hasPermission } from '@sharebin/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import type { Authenticate } from '../modules/auth/authenticator';
import type { ReadinessUseCases } from '../modules/system/readiness.usecases';
import { health, ready } from '../modules/system/system.routes';
import type { AppEnv } from './app-env';
import { CLIENT_CLOSED_REQUEST, clientHungUp } from './client-hang-up';
import { errorResponse, successResponse } from './envelope';
import { AppError, methodNotAllowed } from './errors';
import type { Metrics } from './metrics';
import { routeTemplate } from './middlewares/request-log';

/** Where Prometheus scrapes; outside `/api`, as scrapers expect, under the app's base path. */
export const METRICS_PATH = '/metrics';
/** Probe aliases of `/api/health` and `/api/ready`, at the names orchestrators use. */
export const HEALTHZ_PATH = '/healthz';
export const READYZ_PATH = '/readyz';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Equal in time whatever the guess: both sides are hashed to one length first. */
function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

const metricsUnauthorized = (code: string, message: string) =>
  new AppError(401, code, message, undefined, { 'WWW-Authenticate': 'Bearer realm="metrics"' });

/**
 * `/metrics` (Prometheus text; `Authorization: Bearer <METRICS_TOKEN>` or the admin's token),
 * `/healthz` and `/readyz` (the envelopes of `/api/health` and `/api/ready`).
 */
export function createOperationsApp({
  metrics,
  metricsToken,
  authenticate,
  readiness,
}: {
  metrics: Metrics;
  /** METRICS_TOKEN; empty: only the admin may scrape. */
  metricsToken: string;
  authenticate: Authenticate;
  readiness: ReadinessUseCases;
}): Hono<AppEnv> {
  async function mayScrape(authorization: string | undefined): Promise<void> {
    if (!authorization?.trim()) {
      throw metricsUnauthorized(
        ERROR_CODES.authRequired,
        'Metrics need Authorization: Bearer <METRICS_TOKEN> or the admin',
      );
    }
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (metricsToken && bearer !== undefined && sameSecret(bearer, metricsToken)) return;
    let admin = false;
    try {
      admin = hasPermission((await authenticate(authorization)).principal, 'admin');
    } catch (error) {
      // A database that does not answer stays a 503; a wrong secret is the 401 below.
      if (!(error instanceof AppError) || error.status !== 401) throw error;
    }
    if (!admin) {
      throw metricsUnauthorized(
        ERROR_CODES.authInvalidToken,
        'Neither METRICS_TOKEN nor an admin token: metrics need one of them',
      );
    }
  }

  const app = new Hono<AppEnv>();
  app.get(METRICS_PATH, async (c) => {
    await mayScrape(c.req.header('authorization'));
    const { text, contentType } = await metrics.scrape();
    return c.body(text, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
  app.get(HEALTHZ_PATH, (c) => successResponse(c, health()));
  app.get(READYZ_PATH, async (c) => successResponse(c, await ready(readiness)));
  for (const path of [METRICS_PATH, HEALTHZ_PATH, READYZ_PATH]) {
    app.all(path, (c) => errorResponse(c, methodNotAllowed(['GET', 'HEAD'])));
  }
  return app;
}

/** Counts and times every request under its route template (after the handlers ran). */
export function requestMetrics(metrics: Metrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const status = clientHungUp(c) ? CLIENT_CLOSED_REQUEST : c.res.status;
    metrics.observeRequest(
      c.req.method,
      routeTemplate(c),
      status,
      (performance.now() - started) / 1000,
    );
  };
}
