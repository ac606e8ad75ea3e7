import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Principal } from '@sharebin/shared';
import { nameOfPath, parentPath } from '../fs/fs-entries.models';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import type { FsWriteUseCases } from '../fs/fs-write.usecases';
import type { Clock } from '../shared/clock';
import { DavError, davBadRequest, davConflict, davPreconditionFailed } from './dav.errors';
import type { Depth } from './dav-depth';
import { type IfList, parseIfHeader, sameEtag, submittedTokens } from './dav-if-header';
import type { DavLock, DavLocksRepository } from './dav-locks.repository';
import { type DavPaths, rawPathOf } from './dav-paths';
import { entryOrNull } from './dav-read';
import { childElements, escapeXml, innerXml, isDav, parseXmlBody, readXmlBody } from './dav-xml';
import { xmlDeclaration } from './dav-xml-declaration';

/** A lock asked for without a timeout, or for longer than this, lasts this long (seconds). */
export const LOCK_TIMEOUT_DEFAULT_SECONDS = 3_600;
export const LOCK_TIMEOUT_MAX_SECONDS = 86_400;

const principalKey = (principal: Principal) =>
  principal.type === 'none' ? 'none' : `${principal.type}:${principal.id}`;

/**
 * `path` is `base` or lies below it. Both are normalised virtual paths already: compared as
 * they are, segment by segment (normalising again would decode a `%` in a name a second time).
 */
const atOrBelow = (path: string, base: string) =>
  base === '/' || path === base || path.startsWith(`${base}/`);

/** Whether `lock` applies to `path`: the lock's root, or below it for a depth-infinity lock. */
const covers = (lock: DavLock, path: string) =>
  lock.path === path || (lock.depth === 'infinity' && atOrBelow(path, lock.path));

/** A path the request changes, and whether locks below it count too (DELETE and MOVE of a folder). */
export interface GuardedPath {
  path: string;
  subtree: boolean;
}

function timeoutOf(header: string | null): number {
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*Second-(\d+)\s*$/i.exec(part);
    if (match) return Math.min(Number(match[1]), LOCK_TIMEOUT_MAX_SECONDS) || 1;
    if (/^\s*Infinite\s*$/i.test(part)) return LOCK_TIMEOUT_MAX_SECONDS;
  }
  return LOCK_TIMEOUT_DEFAULT_SECONDS;
}

/** `<D:activelock>` of a lock, as lockdiscovery and a LOCK answer show it. */
export function activeLockElement(lock: DavLock, now: number, paths: DavPaths): string {
  const seconds = Math.max(0, Math.ceil((lock.expires_at - now) / 1000));
  return (
    `<D:activelock><D:locktype><D:write/></D:locktype><D:lockscope><D:${lock.scope}/></D:lockscope>` +
    `<D:depth>${lock.depth}</D:depth>${lock.owner_xml === '' ? '' : `<D:owner>${lock.owner_xml}</D:owner>`}` +
    `<D:timeout>Second-${seconds}</D:timeout>` +
    `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>` +
    `<D:lockroot><D:href>${escapeXml(paths.hrefOf(lock.path, false))}</D:href></D:lockroot></D:activelock>`
  );
}

function parseLockInfo(body: string) {
  const root = parseXmlBody(body);
  if (!root) return null;
  if (!isDav(root, 'lockinfo')) throw davBadRequest('The body must be a DAV:lockinfo');
  let scope: 'exclusive' | 'shared' | undefined;
  let owner = '';
  for (const child of childElements(root)) {
    if (isDav(child, 'lockscope')) {
      const chosen = childElements(child)[0];
      if (chosen && isDav(chosen, 'exclusive')) scope = 'exclusive';
      else if (chosen && isDav(chosen, 'shared')) scope = 'shared';
    } else if (isDav(child, 'locktype')) {
      const type = childElements(child)[0];
      if (!type || !isDav(type, 'write')) throw davBadRequest('Only write locks exist');
    } else if (isDav(child, 'owner')) {
      owner = innerXml(child);
    }
  }
  if (!scope) throw davBadRequest('The lockinfo names no lockscope');
  return { scope, owner };
}

export interface DavLocksDeps {
  repository: DavLocksRepository;
  read: FsReadUseCases;
  write: FsWriteUseCases;
  clock: Clock;
  /** How this server's WebDAV hrefs read (its prefix). */
  paths: DavPaths;
}

/** LOCK, UNLOCK, the `If` header and the 423s of RFC 4918 §6–7 and §10.4. */
export function createDavLocks({ repository, read, write, clock, paths: davPaths }: DavLocksDeps) {
  /** The `If` header holds, or 412 (§10.4); answers the tokens it submits. */
  async function evaluateIf(
    principal: Principal,
    path: string,
    lists: IfList[],
    locks: DavLock[],
  ): Promise<string[]> {
    const etags = new Map<string, string | null>();
    const etagOf = async (resourcePath: string) => {
      if (!etags.has(resourcePath)) {
        const entry = await entryOrNull(read, principal, resourcePath);
        etags.set(resourcePath, entry?.etag ? `"${entry.etag}"` : null);
      }
      return etags.get(resourcePath) ?? null;
    };
    for (const list of lists) {
      const resource =
        // A tag is an absolute URI or path (RFC 4918 §10.4.2), read as sent, like the request's.
        list.resource === null ? path : davPaths.pathOf(rawPathOf(list.resource));
      let holds = true;
      for (const condition of list.conditions) {
        let met: boolean;
        if (condition.token !== undefined) {
          met = locks.some((lock) => lock.token === condition.token && covers(lock, resource));
        } else {
          const current = await etagOf(resource);
          met = current !== null && sameEtag(current, condition.etag as string);
        }
        if (met === condition.not) {
          holds = false;
          break;
        }
      }
      if (holds) return submittedTokens(lists);
    }
    throw davPreconditionFailed('The If header does not hold');
  }

  /** 423 unless every lock on `paths` that the caller does not hold a submitted token for is absent. */
  function requireTokens(
    principal: Principal,
    paths: GuardedPath[],
    locks: DavLock[],
    tokens: string[],
  ) {
    const owner = principalKey(principal);
    for (const { path, subtree } of paths) {
      for (const lock of locks) {
        const applies = covers(lock, path) || (subtree && atOrBelow(lock.path, path));
        if (!applies) continue;
        if (tokens.includes(lock.token) && lock.principal === owner) continue;
        throw new DavError(
          423,
          `${path} is locked`,
          'lock-token-submitted',
          {},
          `<D:href>${escapeXml(davPaths.hrefOf(lock.path, false))}</D:href>`,
        );
      }
    }
  }

  async function guardWith(
    principal: Principal,
    request: Request,
    path: string,
    paths: GuardedPath[],
  ) {
    const locks = await repository.active(clock.now());
    const header = request.headers.get('if');
    const tokens = header ? await evaluateIf(principal, path, parseIfHeader(header), locks) : [];
    requireTokens(principal, paths, locks, tokens);
    return { locks, tokens };
  }

  return {
    /** Before a write: the `If` header holds (412) and no lock on `paths` bars the caller (423). */
    async guard(principal: Principal, request: Request, path: string, paths: GuardedPath[]) {
      await guardWith(principal, request, path, paths);
    },

    /** Locks that apply to each path, for lockdiscovery in a PROPFIND. */
    async discovery(): Promise<(path: string) => string> {
      const now = clock.now();
      const locks = await repository.active(now);
      return (path) =>
        locks
          .filter((lock) => covers(lock, path))
          .map((lock) => activeLockElement(lock, now, davPaths))
          .join('');
    },

    /** Locks go with what they locked: a deleted or moved-away path keeps none. */
    async forget(path: string): Promise<void> {
      const locks = await repository.active(clock.now());
      await repository.remove(
        locks.filter((lock) => atOrBelow(lock.path, path)).map((l) => l.token),
      );
    },

    async lock(
      principal: Principal,
      path: string,
      request: Request,
      depth: Depth,
    ): Promise<Response> {
      const now = clock.now();
      const timeout = timeoutOf(request.headers.get('timeout'));
      const info = parseLockInfo(await readXmlBody(request));
      if (!info) {
        // A refresh (§9.10.2): the If header names the lock.
        const header = request.headers.get('if');
        if (!header) throw davBadRequest('A LOCK without a body refreshes a lock named in If');
        const { locks, tokens } = await guardWith(principal, request, path, []);
        const lock = locks.find(
          (l) =>
            tokens.includes(l.token) && covers(l, path) && l.principal === principalKey(principal),
        );
        if (!lock)
          throw davPreconditionFailed('The If header names no lock of yours on this resource');
        const expiresAt = now + timeout * 1000;
        await repository.refresh(lock.token, timeout, expiresAt);
        return lockAnswer(
          { ...lock, timeout_seconds: timeout, expires_at: expiresAt },
          200,
          now,
          davPaths,
        );
      }
      if (depth === '1') throw davBadRequest('A lock has Depth 0 or infinity');
      await guardWith(principal, request, path, []);
      const existing = await entryOrNull(read, principal, path);
      if (!existing) {
        const parent = await entryOrNull(read, principal, parentPath(path));
        if (!parent?.is_directory)
          throw davConflict(`The folder ${parentPath(path)} does not exist`);
      }
      await write.checkWritable(principal, existing ? path : parentPath(path));
      const lock: DavLock = {
        token: `opaquelocktoken:${randomUUID()}`,
        path,
        depth: existing?.is_directory ? depth : '0',
        scope: info.scope,
        owner_xml: info.owner,
        principal: principalKey(principal),
        timeout_seconds: timeout,
        expires_at: now + timeout * 1000,
        created_at: now,
      };
      const taken = await repository.take(lock, (locks) =>
        locks.some(
          (other) =>
            (covers(other, path) || (lock.depth === 'infinity' && atOrBelow(other.path, path))) &&
            (other.scope === 'exclusive' || lock.scope === 'exclusive'),
        ),
      );
      if (!taken) throw new DavError(423, `${path} is locked`, 'no-conflicting-lock');
      // RFC 4918 §7.3: locking an unmapped URL makes an empty resource.
      if (!existing) {
        await write.upload(principal, parentPath(path), nameOfPath(path), Readable.from([]), {
          size: 0,
        });
      }
      return lockAnswer(lock, existing ? 200 : 201, now, davPaths);
    },

    async unlock(
      principal: Principal,
      path: string,
      header: string | undefined,
    ): Promise<Response> {
      const token = /^\s*<([^>]+)>\s*$/.exec(header ?? '')?.[1];
      if (!token) throw davBadRequest('UNLOCK needs a Lock-Token header');
      const lock = (await repository.active(clock.now())).find((l) => l.token === token);
      if (!lock || !covers(lock, path)) {
        throw new DavError(409, 'No such lock on this resource', 'lock-token-matches-request-uri');
      }
      if (lock.principal !== principalKey(principal))
        throw new DavError(403, 'This lock is not yours');
      await repository.remove([token]);
      return new Response(null, { status: 204 });
    },
  };
}

function lockAnswer(lock: DavLock, status: number, now: number, paths: DavPaths): Response {
  const body = `${xmlDeclaration}<D:prop xmlns:D="DAV:"><D:lockdiscovery>${activeLockElement(lock, now, paths)}</D:lockdiscovery></D:prop>`;
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Lock-Token': `<${lock.token}>` },
  });
}

export type DavLocks = ReturnType<typeof createDavLocks>;
