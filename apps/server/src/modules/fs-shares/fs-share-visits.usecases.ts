import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  ERROR_CODES,
  type FsListing,
  type Principal,
  type PublicFsListing,
  type PublicFsShare,
} from '@sharebin/shared';
import { AppError } from '../../app/errors';
import type { ActivityLog } from '../dashboard/activity.recorder';
import type { FsReadUseCases } from '../fs/fs-read.usecases';
import type { FsThumbnails } from '../fs/thumbnails/fs-thumbnails.usecases';
import type { AccessTokens } from '../shared/access-token';
import type { Clock } from '../shared/clock';
import { toIsoOrNull } from '../shared/clock';
import type { FsSharesTable } from '../shared/db.schema';
import { createShareAccess } from '../shares/share-access';
import { createShareCreators } from '../shares/share-creator';
import type { SharePasswordGuard } from '../shares/share-password';
import { remainingViews, shareState } from '../shares/share-state';
import type { ShareTombstones } from '../shares/share-tombstones';
import { invalidAccessToken } from '../shares/shares.errors';
import type { RangeHeaders, ZipUseCases } from '../zip/zip.usecases';
import {
  fsShareEntryNotFound,
  fsShareExpired,
  fsShareNotAFile,
  fsShareNotAFolder,
  fsShareNotFound,
  fsSharePasswordRequired,
  fsSharePathGone,
  fsShareViewsExhausted,
  fsShareWrongPassword,
} from './fs-shares.errors';
import {
  accessScope,
  FS_SHARE_ACCESS_TTL_MS,
  nameOf,
  pathInShare,
  previewableType,
  previewScope,
  relativeToShare,
} from './fs-shares.models';
import type { FsSharesRepository } from './fs-shares.repository';

/** How a visitor proves access: an access token from `verify`, the password, or nothing. */
export interface FsShareCredentials {
  token?: string | undefined;
  password?: string | undefined;
  clientIp: string;
}

/**
 * A download counts as a view when it starts at the first byte: a player or a resumed download
 * asking for later ranges of the same file does not use up the share.
 */
export const countsAsView = (rangeHeader: string | undefined) =>
  rangeHeader === undefined || /^bytes=0-/.test(rangeHeader.trim());

/** A zip link's paths, compact enough for a URL (deflated JSON, base64url). */
export const packPaths = (paths: string[]) =>
  deflateRawSync(JSON.stringify(paths)).toString('base64url');

export function unpackPaths(packed: string): unknown {
  try {
    return JSON.parse(
      inflateRawSync(Buffer.from(packed, 'base64url'), { maxOutputLength: 1 << 20 }).toString(),
    );
  } catch {
    return undefined;
  }
}

/**
 * Any other error of a read in a share (a thumbnail refused, the server busy…), naming the
 * entry as the visitor knows it: the creator's path is in neither its message nor its details.
 */
function speakingOfShare(error: AppError, full: string, inner: string): AppError {
  const details = error.details as { path?: unknown } | undefined;
  if (details?.path !== full && !error.message.includes(full)) return error;
  return new AppError(
    error.status,
    error.code,
    error.message.replaceAll(full, inner),
    details?.path === full ? { ...details, path: inner } : error.details,
    error.headers,
  );
}

/** What visitors of a share of a mounted file or folder may do: look, list, download. */
export function createFsShareVisits({
  repository,
  read,
  zip,
  thumbnails,
  apiKeyPrincipal,
  passwordGuard,
  accessTokens,
  tombstones,
  clock,
  activity,
}: {
  repository: FsSharesRepository;
  read: Pick<FsReadUseCases, 'get' | 'list' | 'download'>;
  zip: Pick<ZipUseCases, 'archive'>;
  thumbnails: Pick<FsThumbnails, 'thumbnail'>;
  apiKeyPrincipal: (id: string) => Promise<Principal | null>;
  passwordGuard: SharePasswordGuard;
  accessTokens: AccessTokens;
  tombstones: ShareTombstones;
  clock: Clock;
  activity: ActivityLog;
}) {
  const publicListings = new WeakMap<FsListing, Map<string, PublicFsListing>>();
  const access = createShareAccess<FsSharesTable>({
    kind: 'fs',
    find: repository.findBySlug,
    countView: repository.countView,
    accessScope,
    errors: {
      notFound: fsShareNotFound,
      expired: fsShareExpired,
      exhausted: fsShareViewsExhausted,
      passwordRequired: fsSharePasswordRequired,
      wrongPassword: fsShareWrongPassword,
    },
    passwordGuard,
    accessTokens,
    tombstones,
    clock,
    activity,
  });

  const creatorPrincipal = createShareCreators(apiKeyPrincipal).reader;

  /**
   * Runs a read of `inner` (relative) as the share's creator. Errors speak of the share, never of
   * the mount's paths: a missing root means the shared path went away outside Sharebin.
   */
  async function asCreator<T>(
    row: FsSharesTable,
    inner: string,
    run: (principal: Principal, path: string) => Promise<T>,
  ): Promise<T> {
    const principal = await creatorPrincipal(row.created_by);
    if (!principal) throw fsShareNotFound();
    const full = pathInShare(row, inner);
    try {
      return await run(principal, full);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      switch (error.code) {
        case ERROR_CODES.fsNotFound:
          throw inner === '/' ? fsSharePathGone() : fsShareEntryNotFound(inner);
        case ERROR_CODES.fsNotAFile:
          throw fsShareNotAFile(inner);
        case ERROR_CODES.fsPathForbidden:
        case ERROR_CODES.fsVirtualPath:
          // The creator lost the right to read there (a key's base path or permissions changed).
          throw fsShareNotFound();
        default:
          throw speakingOfShare(error, full, inner);
      }
    }
  }

  /**
   * A shared picture or video for a link preview's crawler: its preview token, no view counted.
   * Only while the share is live, and only a file share of a previewable type.
   */
  async function previewContent(
    slug: string,
    { preview, range }: { preview?: string | undefined; range: string | undefined },
  ) {
    const row = await repository.findBySlug(slug);
    if (!row) return access.missing(slug);
    if (!accessTokens.verify(previewScope(row), preview ?? '')) throw invalidAccessToken();
    const state = shareState(row, clock.now());
    if (state === 'expired') throw fsShareExpired();
    if (state === 'exhausted') throw fsShareViewsExhausted();
    if (row.kind !== 'file') throw fsShareNotAFile('/');
    const entry = await asCreator(row, '/', read.get);
    if (!previewableType(entry.mimetype)) throw fsShareNotFound();
    return asCreator(row, '/', (principal, full) => read.download(principal, full, range));
  }

  async function describe(row: FsSharesTable): Promise<PublicFsShare> {
    const entry = await asCreator(row, '/', read.get);
    return {
      slug: row.slug,
      requires_password: false,
      kind: row.kind,
      name: nameOf(row.path),
      size: row.kind === 'file' ? entry.size : null,
      mimetype: row.kind === 'file' ? entry.mimetype : null,
      expires_at: toIsoOrNull(row.expires_at),
      remaining_views: remainingViews(row),
    };
  }

  return {
    /** What a share is, uncounted; a protected one says only that it needs a password. */
    async info(slug: string, credentials: FsShareCredentials): Promise<PublicFsShare> {
      if (credentials.token === undefined && credentials.password === undefined) {
        const row = await access.openOrProtected(slug);
        return row ? describe(row) : { slug, requires_password: true };
      }
      return describe(await access.authorize(slug, credentials));
    },

    /** The password (rate limited) for an access token to list and download with. */
    async verify(slug: string, password: string, clientIp: string): Promise<PublicFsShare> {
      const row = await access.authorize(slug, { password, clientIp });
      return {
        ...(await describe(row)),
        access_token: accessTokens.issue(accessScope(row), FS_SHARE_ACCESS_TTL_MS),
      };
    },

    /** A folder of a folder share, its paths relative to the share; listing counts no view. */
    async list(
      slug: string,
      inner: string,
      credentials: FsShareCredentials,
    ): Promise<PublicFsListing> {
      const row = await access.authorize(slug, credentials);
      if (row.kind !== 'folder') throw fsShareNotAFolder();
      const listing = await asCreator(row, inner, read.list);
      // Kept as long as the cached listing, so that its serialised bytes are kept too.
      let seen = publicListings.get(listing);
      if (!seen) {
        seen = new Map();
        publicListings.set(listing, seen);
      }
      const key = `${row.path}\n${inner}`;
      let answer = seen.get(key);
      if (!answer) {
        answer = {
          path: inner,
          items: listing.items.map((entry) => ({
            name: entry.name,
            path: relativeToShare(row, entry.path),
            is_directory: entry.is_directory,
            size: entry.size,
            modified: entry.modified,
            mimetype: entry.mimetype,
          })),
        };
        seen.set(key, answer);
      }
      return answer;
    },

    /**
     * A file's bytes (the shared file, or one inside a shared folder): each download from the
     * first byte counts one view, exactly, before a byte is sent.
     */
    async content(
      slug: string,
      inner: string,
      credentials: FsShareCredentials & { range: string | undefined; preview?: string | undefined },
    ) {
      if (credentials.preview !== undefined) return previewContent(slug, credentials);
      const row = await access.authorize(slug, credentials);
      const path = row.kind === 'file' ? '/' : inner;
      const entry = await asCreator(row, path, read.get);
      if (entry.is_directory) throw fsShareNotAFile(path);
      if (countsAsView(credentials.range)) await access.countAuthorized(slug);
      return asCreator(row, path, (principal, full) =>
        read.download(principal, full, credentials.range),
      );
    },

    /** A picture's thumbnail in a shared folder (or of a shared picture): counts no view. */
    async thumbnail(
      slug: string,
      inner: string,
      size: number,
      credentials: FsShareCredentials,
      signal?: AbortSignal,
    ) {
      const row = await access.authorize(slug, credentials);
      return asCreator(row, row.kind === 'file' ? '/' : inner, (principal, path) =>
        thumbnails.thumbnail(principal, path, size, signal),
      );
    },

    /**
     * A zip of files and folders of a folder share (`/`: all of it): one download, one view.
     * Each path is checked first, so that a missing one is named as the visitor knows it.
     */
    async zip(slug: string, inner: string[], credentials: FsShareCredentials & RangeHeaders) {
      const row = await access.authorize(slug, credentials);
      if (row.kind !== 'folder') throw fsShareNotAFolder();
      await Promise.all(inner.map((path) => asCreator(row, path, read.get)));
      if (countsAsView(credentials.range)) await access.countAuthorized(slug);
      const { range, ifRange } = credentials;
      return asCreator(row, '/', (principal) =>
        zip.archive(
          principal,
          inner.map((path) => pathInShare(row, path)),
          { ...(range ? { range } : {}), ...(ifRange ? { ifRange } : {}) },
        ),
      );
    },

    /**
     * A URL a browser can follow to download the zip of `inner` (the visitor's access goes in it:
     * their token, or one issued for the password they gave); counts no view until followed.
     */
    async zipLink(slug: string, inner: string[], credentials: FsShareCredentials) {
      const row = await access.authorize(slug, credentials);
      if (row.kind !== 'folder') throw fsShareNotAFolder();
      const token =
        row.password_hash === null
          ? undefined
          : (credentials.token ?? accessTokens.issue(accessScope(row), FS_SHARE_ACCESS_TTL_MS));
      const query = new URLSearchParams({ paths: packPaths(inner) });
      if (token) query.set('token', token);
      return `/api/public/fs-shares/${encodeURIComponent(slug)}/zip?${query}`;
    },
  };
}

export type FsShareVisits = ReturnType<typeof createFsShareVisits>;
