import { decodeUrlPath, type FsShare } from '@sharebin/shared';
import { isPast } from '../../app/format';

/**
 * The visitor's page of a share: `/s/{slug}`, then the folder being looked at inside a shared
 * folder, segment by segment (`/s/team/reports/2024`), so that back, forward and reload work.
 */
export function shareHref(slug: string, path = '/'): string {
  const encoded = path
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const base = `/s/${encodeURIComponent(slug)}`;
  return encoded ? `${base}/${encoded}` : base;
}

/**
 * The folder a location's pathname names inside the share (`/` is the shared folder). The
 * pathname is still percent-encoded: it is decoded once, here. Null when it is not a path
 * (`..`, a bad escape) or not this share's.
 */
export function sharePathFromLocation(pathname: string, slug: string): string | null {
  const base = `/s/${encodeURIComponent(slug)}`;
  if (!pathname.startsWith(base)) return null;
  const rest = pathname.slice(base.length);
  if (rest !== '' && !rest.startsWith('/')) return null;
  try {
    return decodeUrlPath(rest || '/');
  } catch {
    return null;
  }
}

export interface ShareCrumb {
  /** The segment's name; '' for the shared folder itself. */
  name: string;
  path: string;
}

/** The shared folder, then every folder down to `path`. */
export function shareCrumbs(path: string): ShareCrumb[] {
  const crumbs: ShareCrumb[] = [{ name: '', path: '/' }];
  let current = '';
  for (const segment of path.split('/').filter(Boolean)) {
    current = `${current}/${segment}`;
    crumbs.push({ name: segment, path: current });
  }
  return crumbs;
}

/** The folder that holds `path`. */
export function parentOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** A share visitors can still open: not expired, downloads left (0 allowed: unlimited). */
export const isShareLive = (
  share: Pick<FsShare, 'expires_at' | 'remaining_views'>,
  now = Date.now(),
) => !isPast(share.expires_at, now) && share.remaining_views !== 0;
