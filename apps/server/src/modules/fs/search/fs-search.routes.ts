import {
  fsSearchResponseSchema,
  idParamSchema,
  reindexStartedSchema,
  reindexStatusSchema,
  searchRequestSchema,
} from '@sharebin/shared';
import { type AnyRoute, type RouteAuth, route } from '../../../app/route';
import type { FsSearch } from './fs-search.usecases';

function searchRoute(prefix: '/admin/fs' | '/user/fs', auth: RouteAuth, fsSearch: FsSearch) {
  return route({
    method: 'get',
    path: `${prefix}/search`,
    tag: 'file system',
    summary:
      'Names containing `q` (2 characters or more) across the visible mounts, one mount, or one folder and below',
    auth,
    query: searchRequestSchema,
    response: fsSearchResponseSchema,
    errors: [400, 403, 404],
    handler: ({ principal, query }) => fsSearch.search(principal, query),
  });
}

/** `fs/search` for both prefixes, and the admin's rebuild of a mount's index. */
export function createFsSearchRoutes({ fsSearch }: { fsSearch: FsSearch }): AnyRoute[] {
  return [
    searchRoute('/admin/fs', 'admin', fsSearch),
    searchRoute('/user/fs', { permission: 'mount' }, fsSearch),
    route({
      method: 'post',
      path: '/admin/mounts/:id/reindex',
      tag: 'mounts',
      summary:
        "Rebuild the mount's search index from a walk of its storage, as a job (`job_id`, in the task manager: its bytes are the entries written); the old index answers meanwhile",
      auth: 'admin',
      params: idParamSchema,
      response: reindexStartedSchema,
      status: 202,
      errors: [404],
      handler: ({ principal, params }) => fsSearch.reindex(principal, params.id),
    }),
    route({
      method: 'get',
      path: '/admin/mounts/:id/reindex',
      tag: 'mounts',
      summary: "How the rebuild of the mount's search index stands",
      auth: 'admin',
      params: idParamSchema,
      response: reindexStatusSchema,
      errors: [404],
      handler: ({ params }) => fsSearch.reindexStatus(params.id),
    }),
  ];
}
