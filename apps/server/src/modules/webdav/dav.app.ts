import type { Principal } from '@sharebin/shared';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from '../../app/app-env';
import { requestBodyStream } from '../../app/request-stream';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import { davErrorOf, davErrorResponse, davNotAllowed } from './dav.errors';
import type { DavAuthenticate } from './dav-auth';
import { davPathOf, destinationPathOf, rawPathOf } from './dav-paths';
import type { DavPropertiesRepository } from './dav-properties.repository';
import { depthOf, propfind } from './dav-propfind';
import { getResource } from './dav-read';
import type { DavWrites } from './dav-write';

/** Depth: infinity answers at most this many entries unless configured (DAV_PROPFIND_MAX_ENTRIES). */
export const DAV_PROPFIND_MAX_ENTRIES_DEFAULT = 10_000;

/** The methods this server answers (RFC 4918 class 1). */
const ALLOWED = 'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, MKCOL, COPY, MOVE';

export interface DavAppDeps {
  authenticate: DavAuthenticate;
  read: FsReadUseCases;
  writes: DavWrites;
  properties: DavPropertiesRepository;
  /** Depth: infinity lists at most this many entries, then answers 403 propfind-finite-depth. */
  maxInfinityEntries: number;
  logger: Logger;
}

type Handler = (principal: Principal, path: string, request: Request) => Promise<Response>;

const declaredSize = (request: Request) => {
  const header = request.headers.get('content-length');
  return header === null ? undefined : Number(header);
};

/** Whether a request carries a body (a declared length above 0, or chunked). */
const hasBody = (request: Request) =>
  (declaredSize(request) ?? 0) > 0 || request.headers.has('transfer-encoding');

/**
 * WebDAV over the virtual file system (ARCHITECTURE §8): a sub-app mounted at `/dav` with its
 * own verbs and its own error translation (statuses and XML bodies, never the JSON envelope).
 * `/dav/` is the virtual root; every call goes through the same `fs` use cases, and so the
 * same permission checks, as `/api/*\/fs`.
 */
export function createDavApp({
  authenticate,
  read,
  writes,
  properties,
  maxInfinityEntries,
  logger,
}: DavAppDeps) {
  const handlers: Record<string, Handler> = {
    PROPFIND: async (principal, path, request) =>
      propfind(
        { read, properties, maxInfinityEntries },
        principal,
        path,
        depthOf(request.headers.get('depth') ?? undefined, 'infinity'),
        await request.text(),
      ),
    GET: (principal, path, request) =>
      getResource(read, principal, path, request.headers.get('range') ?? undefined, false),
    HEAD: (principal, path, request) =>
      getResource(read, principal, path, request.headers.get('range') ?? undefined, true),
    PROPPATCH: async (principal, path, request) =>
      writes.proppatch(principal, path, await request.text()),
    MKCOL: (principal, path, request) => writes.mkcol(principal, path, hasBody(request)),
    DELETE: (principal, path) => writes.remove(principal, path),
    COPY: (principal, path, request) => transfer('copy', principal, path, request),
    MOVE: (principal, path, request) => transfer('move', principal, path, request),
  };

  function transfer(kind: 'copy' | 'move', principal: Principal, path: string, request: Request) {
    const to = destinationPathOf(request.headers.get('destination') ?? undefined, request.url);
    const overwrite = (request.headers.get('overwrite') ?? 'T').trim().toUpperCase() !== 'F';
    // A MOVE of a folder always takes what it holds (RFC 4918 §9.9.2).
    const depth =
      kind === 'move' ? 'infinity' : depthOf(request.headers.get('depth') ?? undefined, 'infinity');
    return writes.transfer(kind, principal, path, to, { overwrite, depth });
  }

  const app = new Hono<AppEnv>();
  app.all('*', async (c) => {
    const method = c.req.method.toUpperCase();
    try {
      if (method === 'OPTIONS') {
        return new Response(null, {
          headers: { DAV: '1', 'MS-Author-Via': 'DAV', Allow: ALLOWED, 'Content-Length': '0' },
        });
      }
      const principal = await authenticate(c.req.header('authorization'), c.get('clientIp'));
      const path = davPathOf(rawPathOf(c.req.url));
      if (method === 'PUT') {
        return await writes.put(principal, path, requestBodyStream(c), {
          size: declaredSize(c.req.raw),
          contentType: c.req.header('content-type'),
        });
      }
      const handler = handlers[method];
      if (!handler) throw davNotAllowed(`${method} is not a WebDAV method this server answers`);
      return await handler(principal, path, c.req.raw);
    } catch (error) {
      const davError = davErrorOf(error);
      if (!davError) {
        logger.error({ err: error, method, url: c.req.url }, 'webdav request failed');
        return new Response('Internal error\n', { status: 500 });
      }
      const response = davErrorResponse(davError);
      if (davError.status === 405) response.headers.set('Allow', ALLOWED);
      return response;
    }
  });
  return app;
}
