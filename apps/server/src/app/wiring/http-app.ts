import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Authenticate } from '../../modules/auth/authenticator';
import { followShortLink } from '../../modules/links/links.routes';
import type { LinksUseCases } from '../../modules/links/links.usecases';
import { storageErrorToAppError } from '../../modules/storage/storage-errors.mapper';
import type { ReadinessUseCases } from '../../modules/system/readiness.usecases';
import { databaseErrorToAppError } from '../../modules/system/system.errors';
import { urlFetchErrorToAppError } from '../../modules/uploads/url/url-upload.errors';
import { DAV_PREFIX } from '../../modules/webdav/dav-paths';
import { mountApiDocs } from '../api-docs';
import type { AppEnv } from '../app-env';
import { outsideBasePath, pathUnderBase } from '../base-path';
import type { Metrics } from '../metrics';
import { compressJsonAnswers } from '../middlewares/compress-json';
import { apiNotFound, errorHandler } from '../middlewares/error-handler';
import { headAnswers } from '../middlewares/head-answers';
import { requestContext } from '../middlewares/request-context';
import { requestLog } from '../middlewares/request-log';
import { securityHeaders } from '../middlewares/security-headers';
import { buildOpenApiDocument } from '../openapi';
import { createOperationsApp, requestMetrics } from '../operations';
import type { PageMetaOf } from '../page-meta';
import { registerRoutes } from '../register-routes';
import type { AnyRoute } from '../route';
import { serveWebApp } from '../web-app';
import type { ServerDeps } from './server-deps';
import type { wireWebDav } from './webdav';

interface HttpParts {
  /** PUBLIC_URL's path (`/sb`), or empty at the root. */
  basePath: string;
  routes: AnyRoute[];
  authenticate: Authenticate;
  metrics: Metrics;
  readiness: ReadinessUseCases;
  dav: ReturnType<typeof wireWebDav>;
  /** Link previews of share pages, in the HTML crawlers read. */
  pageMeta: PageMetaOf;
  /** `/l/{slug}` redirects. */
  links: LinksUseCases;
}

/**
 * The whole HTTP surface: the middlewares every answer goes through, `/api` (routes, docs,
 * JSON 404s), the operations endpoints, WebDAV and the web app.
 */
export function createHttpApp(deps: ServerDeps, parts: HttpParts) {
  const { basePath, routes, authenticate } = parts;
  // Under the path of PUBLIC_URL (`/sb`), routes match below it; at the root nothing changes.
  const app = new Hono<AppEnv>(basePath ? { getPath: pathUnderBase(basePath) } : {});
  app.onError(
    errorHandler([storageErrorToAppError, urlFetchErrorToAppError, databaseErrorToAppError]),
  );
  app.use(requestContext({ trustProxyHops: deps.trustProxyHops, publicUrl: deps.publicUrl }));
  app.use(requestLog(deps.logger));
  app.use(requestMetrics(parts.metrics));
  app.use(securityHeaders());
  app.use(headAnswers());
  if (basePath) app.use(outsideBasePath(basePath));

  const api = new Hono<AppEnv>();
  api.use(compressJsonAnswers());
  if (deps.corsOrigins.length > 0) {
    api.use(
      cors({
        origin: deps.corsOrigins,
        exposeHeaders: ['X-Request-Id', 'Retry-After'],
        maxAge: 600,
      }),
    );
  }
  registerRoutes({ api, routes, authenticate });
  mountApiDocs(api, () =>
    buildOpenApiDocument(routes, { version: deps.version, publicUrl: deps.publicUrl }),
  );
  api.all('*', apiNotFound(routes));
  app.route('/api', api);
  app.route(
    '/',
    createOperationsApp({
      metrics: parts.metrics,
      metricsToken: deps.metricsToken ?? '',
      authenticate,
      readiness: parts.readiness,
    }),
  );
  app.route(DAV_PREFIX, parts.dav);
  app.get('/l/:slug', followShortLink(parts.links));
  if (deps.webDistDir) {
    app.get('*', serveWebApp(deps.webDistDir, { basePath, pageMeta: parts.pageMeta }));
  }
  return app;
}
