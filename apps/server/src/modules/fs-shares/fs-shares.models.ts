import type { FsShare } from '@sharebin/shared';
import { toIso, toIsoOrNull } from '../shared/clock';
import type { FsSharesTable } from '../shared/db.schema';
import { accessScopeOf, remainingViews } from '../shares/share-state';

export const accessScope = (row: FsSharesTable) => accessScopeOf('fs', row);

/**
 * What a link preview's picture may fetch: the shared file's bytes, counting no view (a chat
 * app's crawler is not a visitor), for as long as the share's access stays as it was.
 */
export const previewScope = (row: FsSharesTable) => `${accessScope(row)}:preview`;

/** A type a preview may show: a picture or a video, never SVG (it can carry script). */
export const previewableType = (mimetype: string | null): mimetype is string =>
  !!mimetype &&
  (mimetype.startsWith('image/') || mimetype.startsWith('video/')) &&
  mimetype !== 'image/svg+xml';

/** How long a visitor's access token lets them browse a protected share without the password. */
export const FS_SHARE_ACCESS_TTL_MS = 6 * 3_600_000;

export const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The virtual path of `inner` (relative, normalised: `/` is the share itself) in the share. */
export const pathInShare = (row: Pick<FsSharesTable, 'path'>, inner: string) =>
  inner === '/' ? row.path : `${row.path}${inner}`;

/** A virtual path under the share, as its visitors see it: relative to the shared folder. */
export const relativeToShare = (row: Pick<FsSharesTable, 'path'>, path: string) =>
  path.slice(row.path.length) || '/';

export function describeFsShare(row: FsSharesTable, origin: string): FsShare {
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    path: row.path,
    name: nameOf(row.path),
    remark: row.remark,
    has_password: row.password_hash !== null,
    expires_at: toIsoOrNull(row.expires_at),
    max_views: row.max_views,
    views: row.views,
    remaining_views: remainingViews(row),
    url: `${origin}/s/${encodeURIComponent(row.slug)}`,
    created_by: row.created_by,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
