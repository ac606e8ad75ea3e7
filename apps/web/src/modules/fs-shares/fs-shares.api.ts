import type {
  FsShare,
  FsShareCreateRequest,
  FsShareList,
  PublicFsListing,
  PublicFsShare,
  UpdateFileShareRequest,
} from '@sharebin/shared';
import { api } from '../../app/api-client';
import { deleteEach } from '../../app/delete-each';
import { apiUrl } from '../../app/runtime-config';
import { fsBase, type ThumbnailSource } from '../mount-explorer';

/**
 * Shares of mounted files and folders, the owner's side: the admin's under `/admin/fs`, a key's
 * (mount permission, read-only too) under `/user/fs`, the prefix the explorer uses.
 */
const sharesPath = () => `${fsBase()}/shares`;
const idPath = (id: string) => `${sharesPath()}/${encodeURIComponent(id)}`;

export interface FsShareQuery {
  limit: number;
  offset: number;
  search?: string;
  /** Shares of this path or of anything below it. */
  under?: string;
}

export const fsSharesApi = {
  create: (body: FsShareCreateRequest) => api.post<FsShare>(sharesPath(), body),
  /** Newest first. */
  list: (query: FsShareQuery) => api.get<FsShareList>(sharesPath(), { query: { ...query } }),
  /** Send only what changed; `password: null` removes the password. */
  update: (id: string, body: UpdateFileShareRequest) => api.put<FsShare>(idPath(id), body),
  remove: (id: string) => api.delete<null>(idPath(id)),
  /** One call per share (the API has no batch delete for them); fails only if all did. */
  removeMany: (ids: string[]) => deleteEach(ids, (id) => api.delete<null>(idPath(id))),
};

const visitPath = (slug: string) => `/public/fs-shares/${encodeURIComponent(slug)}`;

/**
 * The visitor's calls, without credentials: the share's `access_token` (from `verify`) goes in
 * the query of a protected share's calls. Looking and listing count no download; content and
 * zips do.
 */
export const fsShareVisitApi = {
  /** A protected share answers only `{slug, requires_password: true}` without a token. */
  info: (slug: string, token: string | null) =>
    api.get<PublicFsShare>(visitPath(slug), { auth: 'none', query: { token } }),
  /** The answer carries the access token (valid for hours) beside the share's facts. */
  verify: (slug: string, password: string) =>
    api.post<PublicFsShare>(
      `${visitPath(slug)}/verify`,
      { password },
      { auth: 'none', onUnauthorized: 'report' },
    ),
  /** A folder of a folder share, `path` relative to it (`/` is the shared folder). */
  list: (slug: string, path: string, token: string | null, signal?: AbortSignal) =>
    api.get<PublicFsListing>(`${visitPath(slug)}/list`, {
      auth: 'none',
      query: { path, token },
      signal,
    }),
  /** An address the browser follows to download the zip of `paths` (`['/']`: all of it). */
  zipLink: (slug: string, paths: string[], token: string | null) =>
    api.post<{ url: string }>(
      `${visitPath(slug)}/zip/link`,
      { paths, ...(token ? { token } : {}) },
      { auth: 'none' },
    ),
  /**
   * A file's bytes: inline for a preview, or as a download. `path` is relative to the shared
   * folder; a file share has none.
   */
  contentUrl: (
    slug: string,
    { path, token, download }: { path?: string; token: string | null; download?: boolean },
  ): string => {
    const query = new URLSearchParams();
    if (path) query.set('path', path);
    if (token) query.set('token', token);
    if (download) query.set('download', '1');
    const search = query.toString();
    return `${apiUrl(`${visitPath(slug)}/content`)}${search ? `?${search}` : ''}`;
  },
  /**
   * Where a shared folder's thumbnails are asked for (they count no download). A new access
   * token (the password entered again) is a new source: nothing refused under the old one stays.
   */
  thumbnails: (slug: string, token: string | null): ThumbnailSource => ({
    id: `share:${slug}:${token ?? ''}`,
    call: (entry, size) => ({
      path: `${visitPath(slug)}/thumbnail`,
      query: { path: entry.path, size, ...(token ? { token } : {}) },
      auth: 'none',
    }),
  }),
};
