import type {
  PublicUploadRequest,
  RequestMultipartInit,
  UploadArrivalList,
  UploadRequest,
  UploadRequestCreateRequest,
  UploadRequestList,
  UploadRequestUpdateRequest,
} from '@sharebin/shared';
import { api } from '../../app/api-client';
import { deleteEach } from '../../app/delete-each';
import { apiUrl } from '../../app/runtime-config';
import { getAuthState } from '../auth';
import type { CompletedPart } from '../files';

/**
 * Upload requests, the owner's side: the admin's under `/admin`, a key's (mount permission)
 * under `/user`. A read-only key may list but not create them.
 */
const ownerBase = () => (getAuthState().authType === 'admin' ? '/admin' : '/user');
const requestsPath = () => `${ownerBase()}/upload-requests`;
const idPath = (id: string) => `${requestsPath()}/${encodeURIComponent(id)}`;

export interface PageQuery {
  limit: number;
  offset: number;
}

export const uploadRequestsApi = {
  create: (body: UploadRequestCreateRequest) => api.post<UploadRequest>(requestsPath(), body),
  /** Newest first; the search looks at folders, link suffixes and remarks. */
  list: (query: PageQuery & { search?: string }) =>
    api.get<UploadRequestList>(requestsPath(), { query: { ...query } }),
  /** Send only what changed; `password: null` removes the password. */
  update: (id: string, body: UploadRequestUpdateRequest) =>
    api.put<UploadRequest>(idPath(id), body),
  /** Ends the request; what arrived stays in the folder. */
  remove: (id: string) => api.delete<null>(idPath(id)),
  /** One call per request (the API has no batch delete for them). */
  removeMany: (ids: string[]) => deleteEach(ids, (id) => api.delete<null>(idPath(id))),
  /** What arrived through one request, newest first. */
  arrivals: (id: string, query: PageQuery) =>
    api.get<UploadArrivalList>(`${idPath(id)}/files`, { query: { ...query } }),
  /** What arrived lately through any of the caller's requests, newest first. */
  recentArrivals: (query: PageQuery) =>
    api.get<UploadArrivalList>(`${ownerBase()}/upload-arrivals`, { query: { ...query } }),
};

const visitPath = (slug: string) => `/public/upload-requests/${encodeURIComponent(slug)}`;

/**
 * The visitor's calls, without credentials: a protected request's `access_token` (from
 * `verify`) goes in the query. Nothing here lists the folder.
 */
export const uploadRequestVisitApi = {
  /** A protected request answers only `{slug, requires_password: true}` without a token. */
  info: (slug: string, token: string | null) =>
    api.get<PublicUploadRequest>(visitPath(slug), { auth: 'none', query: { token } }),
  /** The answer carries the access token beside what the request accepts. */
  verify: (slug: string, password: string) =>
    api.post<PublicUploadRequest>(
      `${visitPath(slug)}/verify`,
      { password },
      { auth: 'none', onUnauthorized: 'report' },
    ),
  /** A large file in parts (resumed when `fingerprint` names a file still arriving). */
  multipartInit: (
    slug: string,
    token: string | null,
    body: { filename: string; size: number; mimetype?: string; fingerprint?: string },
  ) =>
    api.post<RequestMultipartInit>(`${visitPath(slug)}/multipart/init`, body, {
      auth: 'none',
      query: { token },
    }),
  /** The upload's id is its credential from here on. */
  multipartComplete: (slug: string, body: { upload: string; parts: CompletedPart[] }) =>
    api.post<{ name: string; size: number }>(`${visitPath(slug)}/multipart/complete`, body, {
      auth: 'none',
    }),
  multipartAbort: (slug: string, upload: string) =>
    api.post<null>(`${visitPath(slug)}/multipart/abort`, { upload }, { auth: 'none' }),
  /** Where a file is POSTed (a form with its `file` part), through XMLHttpRequest for progress. */
  filesUrl: (slug: string, token: string | null): string => {
    const url = apiUrl(`${visitPath(slug)}/files`);
    return token ? `${url}?token=${encodeURIComponent(token)}` : url;
  },
};
