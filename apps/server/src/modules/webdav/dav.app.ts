import type { Principal } from '@sharebin/shared';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../app/app-env';
import { clientClosedAnswer, clientHungUp } from '../../app/client-hang-up';
import { publicOriginOf } from '../../app/public-origin';
import { requestBodyStream } from '../../app/request-stream';
import type { ActivityLog } from '../dashboard/activity.recorder';
import type { ChecksumLookup } from '../fs/checksums/fs-checksum-lookup.usecases';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import { davErrorOf, davErrorResponse, davNotAllowed } from './dav.errors';
import type { DavAuthenticate } from './dav-auth';
import { depthOf } from './dav-depth';
import type { DavLocks } from './dav-locks';
import { parseOcMtime } from './dav-mtime';
import { type DavPaths, rawPathOf, requestTargetOf } from './dav-paths';
import type { DavPropertiesRepository } from './dav-properties.repository';
import { propfind } from './dav-propfind';
import type { DavQuota } from './dav-quota';
import { getResource } from './dav-read';
import type { DavWrites } from './dav-write';
import { readXmlBody } from './dav-xml';

/** Depth: infinity answers at most this many entries unless configured (DAV_PROPFIND_MAX_ENTRIES). */
export const DAV_PROPFIND_MAX_ENTRIES_DEFAULT = 10_000;

/** The methods this server answers (RFC 4918 classes 1 and 2). */
const ALLOWED =
  'OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, MKCOL, COPY, MOVE, LOCK, UNLOCK';

export interface DavAppDeps {
  authenticate: DavAuthenticate;
  read: FsReadUseCases;
  writes: DavWrites;
  properties: DavPropertiesRepository;
  locks: DavLocks;
  /** RFC 4331 quota of collections (`createDavQuota`); without it they have none (404). */
  quota?: DavQuota;
  /** Checksums recorded for files (`oc:checksums`); without it they have none (404). */
  checksums?: ChecksumLookup;
  /** Depth: infinity lists at most this many entries, then answers 403 propfind-finite-depth. */
  maxInfinityEntries: number;
  /** Downloads count their bytes out (the dashboard). */
  activity: ActivityLog;
  /** How clients address WebDAV: `{path of PUBLIC_URL}/dav` (`createDavPaths`). */
  paths: DavPaths;
}

type Handler = (
  principal: Principal,
  path: string,
  request: Request,
  context: Context<AppEnv>,
) => Promise<Response>;

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
  locks,
  quota,
  checksums,
  maxInfinityEntries,
  activity,
  paths,
}: DavAppDeps) {
  /** The `If` header holds and no lock bars the caller from the paths a write changes. */
  const guard = (principal: Principal, path: string, request: Request, subtree = false) =>
    locks.guard(principal, request, path, [{ path, subtree }]);

  const readResource: Handler = (principal, path, request) =>
    getResource(read, paths, activity, principal, path, request.headers.get('range') ?? undefined);

  const handlers: Record<string, Handler> = {
    PROPFIND: async (principal, path, request) =>
      propfind(
        { read, properties, locks, quota, checksums, paths, maxInfinityEntries },
        principal,
        path,
        depthOf(request.headers.get('depth') ?? undefined, 'infinity'),
        await readXmlBody(request),
      ),
    GET: readResource,
    // The GET's answer; the app's headAnswers middleware drops (and cancels) its body.
    HEAD: readResource,
    PUT: async (principal, path, request, context) => {
      await guard(principal, path, request);
      // The socket itself: a large body is streamed, never whole in memory.
      return writes.put(principal, path, requestBodyStream(context), {
        size: declaredSize(request),
        contentType: request.headers.get('content-type') ?? undefined,
        mtime: parseOcMtime(request.headers.get('x-oc-mtime')),
      });
    },
    PROPPATCH: async (principal, path, request) => {
      await guard(principal, path, request);
      return writes.proppatch(principal, path, await readXmlBody(request));
    },
    MKCOL: async (principal, path, request) => {
      await guard(principal, path, request);
      return writes.mkcol(principal, path, hasBody(request));
    },
    DELETE: async (principal, path, request) => {
      await guard(principal, path, request, true);
      const response = await writes.remove(principal, path);
      await locks.forget(path);
      return response;
    },
    COPY: (principal, path, request, context) =>
      transfer('copy', principal, path, request, context),
    MOVE: (principal, path, request, context) =>
      transfer('move', principal, path, request, context),
    LOCK: (principal, path, request) =>
      locks.lock(
        principal,
        path,
        request,
        depthOf(request.headers.get('depth') ?? undefined, 'infinity'),
      ),
    UNLOCK: (principal, path, request) =>
      locks.unlock(principal, path, request.headers.get('lock-token') ?? undefined),
  };

  async function transfer(
    kind: 'copy' | 'move',
    principal: Principal,
    path: string,
    request: Request,
    context: Context<AppEnv>,
  ) {
    const to = paths.destinationPathOf(
      request.headers.get('destination') ?? undefined,
      request.url,
      publicOriginOf(context),
    );
    const changed = [{ path: to, subtree: true }];
    if (kind === 'move') changed.push({ path, subtree: true });
    await locks.guard(principal, request, path, changed);
    const overwrite = (request.headers.get('overwrite') ?? 'T').trim().toUpperCase() !== 'F';
    // A MOVE of a folder always takes what it holds (RFC 4918 §9.9.2).
    const depth =
      kind === 'move' ? 'infinity' : depthOf(request.headers.get('depth') ?? undefined, 'infinity');
    const response = await writes.transfer(kind, principal, path, to, { overwrite, depth });
    if (kind === 'move') await locks.forget(path);
    return response;
  }

  const app = new Hono<AppEnv>();
  app.all('*', (c) => answer(c));
  async function answer(c: Context<AppEnv>): Promise<Response> {
    const method = c.req.method.toUpperCase();
    try {
      if (method === 'OPTIONS') {
        return new Response(null, {
          headers: { DAV: '1, 2', 'MS-Author-Via': 'DAV', Allow: ALLOWED, 'Content-Length': '0' },
        });
      }
      const principal = await authenticate(c.req.header('authorization'), c.get('clientIp'));
      c.set('principal', principal);
      const path = paths.pathOf(rawPathOf(requestTargetOf(c)));
      const handler = handlers[method];
      if (!handler) throw davNotAllowed(`${method} is not a WebDAV method this server answers`);
      return await handler(principal, path, c.req.raw, c);
    } catch (error) {
      // An aborted PUT fails in the storage write; the request log records it as 499.
      if (clientHungUp(c)) return clientClosedAnswer();
      const davError = davErrorOf(error);
      // A failure of ours: the request log writes it at error level, with this cause.
      if (!davError || davError.status >= 500) c.set('failure', error);
      if (!davError) return new Response('Internal error\n', { status: 500 });
      const response = davErrorResponse(davError);
      if (davError.status === 405) response.headers.set('Allow', ALLOWED);
      return response;
    }
  }
  return app;
}
