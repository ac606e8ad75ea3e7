import type {
  PublicShortLink,
  ShortLink,
  ShortLinkCreateRequest,
  ShortLinkList,
  shortLinkUpdateRequestSchema,
} from '@sharebin/shared';
import type { z } from 'zod';
import { api } from '../../app/api-client';
import { deleteEach } from '../../app/delete-each';

export type ShortLinkUpdateRequest = z.input<typeof shortLinkUpdateRequestSchema>;

/** The admin manages every short link under `/admin`, an API key its own under `/user`. */
export type LinkScope = 'admin' | 'user';

export interface ShortLinkQuery {
  limit: number;
  offset: number;
  search?: string;
}

const idPath = (scope: LinkScope, id: string) => `/${scope}/links/${encodeURIComponent(id)}`;

/** The owner's calls: made under `/links` by either, managed under the scope's prefix. */
export const shortLinksApi = {
  create: (body: ShortLinkCreateRequest) => api.post<ShortLink>('/links', body),
  /** Newest first; the search looks at the address, the suffix and the remark. */
  list: (scope: LinkScope, query: ShortLinkQuery) =>
    api.get<ShortLinkList>(`/${scope}/links`, { query: { ...query } }),
  /** Send only what changed; `password: null` removes the password. */
  update: (scope: LinkScope, id: string, body: ShortLinkUpdateRequest) =>
    api.put<ShortLink>(idPath(scope, id), body),
  remove: (scope: LinkScope, id: string) => api.delete<null>(idPath(scope, id)),
  /** One call per link (the API has no batch delete for them); fails only if all did. */
  removeMany: (scope: LinkScope, ids: string[]) =>
    deleteEach(ids, (id) => api.delete<null>(idPath(scope, id))),
};

const visitPath = (slug: string) => `/public/links/${encodeURIComponent(slug)}`;

/** The visitor's calls, without credentials. */
export const shortLinkVisitApi = {
  /** Whether the link needs a password; counts nothing. 404 or 410 when it cannot be followed. */
  info: (slug: string) => api.get<PublicShortLink>(visitPath(slug), { auth: 'none' }),
  /**
   * The address to go on to, one visit counted. Rate limited; a link without a password takes
   * any (the empty one included).
   */
  follow: (slug: string, password: string) =>
    api.post<PublicShortLink>(
      `${visitPath(slug)}/verify`,
      { password },
      { auth: 'none', onUnauthorized: 'report' },
    ),
};
