import type {
  CreatePasteRequest,
  Paste,
  PasteList,
  PasteView,
  UpdatePasteRequest,
} from '@sharebin/shared';
import { api } from '../../app/api-client';
import { apiUrl } from '../../app/runtime-config';

const slugPath = (slug: string) => encodeURIComponent(slug);

/** Public paste calls (SPEC §7 Pastes). */
export const pastesApi = {
  create: (body: CreatePasteRequest) => api.post<Paste>('/paste', body),
  /** Counts a view; a protected paste fails with `paste.password_required`. */
  view: (slug: string) => api.get<PasteView>(`/paste/${slugPath(slug)}`, { auth: 'none' }),
  /** Checks the password and counts a view; the answer carries `access_token` for the raw link. */
  unlock: (slug: string, password: string) =>
    api.post<PasteView>(
      `/paste/${slugPath(slug)}`,
      { password },
      { auth: 'none', onUnauthorized: 'report' },
    ),
  /** The raw-text address; never carries the password (ARCHITECTURE.md §4). */
  rawUrl: (slug: string, accessToken?: string) =>
    apiUrl(
      `/raw/${slugPath(slug)}${accessToken ? `?token=${encodeURIComponent(accessToken)}` : ''}`,
    ),
};

/**
 * Management calls: the admin manages every paste under `/admin`, an API key its own under
 * `/user` (SPEC §6). `scope` picks the set.
 */
export type PasteScope = 'admin' | 'user';

export const managedPastesApi = {
  list: (scope: PasteScope, query: { page: number; limit: number; search?: string }) =>
    scope === 'admin'
      ? api.get<PasteList>('/admin/pastes', { query })
      : api.get<PasteList>('/user/pastes', {
          query: {
            limit: query.limit,
            offset: (query.page - 1) * query.limit,
            search: query.search,
          },
        }),
  get: (scope: PasteScope, id: string) =>
    api.get<Paste>(`/${scope}/pastes/${encodeURIComponent(id)}`),
  update: (scope: PasteScope, id: string, body: UpdatePasteRequest) =>
    api.put<Paste>(`/${scope}/pastes/${encodeURIComponent(id)}`, body),
  remove: (scope: PasteScope, id: string) =>
    api.delete<null>(`/${scope}/pastes/${encodeURIComponent(id)}`),
  removeMany: (scope: PasteScope, ids: string[]) =>
    api.post<{ deleted: number }>(`/${scope}/pastes/batch-delete`, { ids }),
  clearExpired: () =>
    api.post<{ deleted: number }>('/admin/pastes/clear-expired', { clearExpired: true }),
};
