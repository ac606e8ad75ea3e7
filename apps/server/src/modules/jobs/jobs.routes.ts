import { fsJobSchema, idParamSchema, pageOf, pageQuerySchema } from '@sharebin/shared';
import { z } from 'zod';
import type { AnyRoute, RouteAuth } from '../../app/route';
import { route } from '../../app/route';
import type { JobsUseCases } from './jobs.usecases';

/** The jobs of SPEC §3 (tasks) under one prefix: the admin sees all, a key its own. */
function jobRoutes(prefix: '/admin/fs' | '/user/fs', auth: RouteAuth, jobs: JobsUseCases) {
  const tag = 'file system jobs';
  return [
    route({
      method: 'get',
      path: `${prefix}/jobs`,
      tag,
      summary: 'Copy, move and delete jobs, newest first, with progress and counts',
      auth,
      query: pageQuerySchema(50),
      response: pageOf(fsJobSchema),
      handler: ({ principal, query }) => jobs.list(principal, query),
    }),
    route({
      method: 'get',
      path: `${prefix}/jobs/:id`,
      tag,
      summary: 'One job: status, progress in items and bytes, counts and the failed items',
      auth,
      params: idParamSchema,
      response: fsJobSchema,
      errors: [404],
      handler: ({ principal, params }) => jobs.get(principal, params.id),
    }),
    route({
      method: 'post',
      path: `${prefix}/jobs/:id/cancel`,
      tag,
      summary: 'Cancel a job: a pending one at once, a running one within 2 seconds',
      auth,
      params: idParamSchema,
      response: fsJobSchema,
      errors: [404],
      handler: ({ principal, params }) => jobs.cancel(principal, params.id),
    }),
    route({
      method: 'post',
      path: `${prefix}/jobs/:id/retry`,
      tag,
      summary: 'Run a finished job again for its failed (and unfinished) items',
      auth,
      params: idParamSchema,
      response: fsJobSchema,
      errors: [404, 409],
      handler: ({ principal, params }) => jobs.retry(principal, params.id),
    }),
    route({
      method: 'delete',
      path: `${prefix}/jobs/:id`,
      tag,
      summary: 'Forget a finished job',
      auth,
      params: idParamSchema,
      response: z.null(),
      errors: [404, 409],
      handler: async ({ principal, params }) => {
        await jobs.remove(principal, params.id);
        return null;
      },
    }),
  ];
}

export function createJobsRoutes({ jobs }: { jobs: JobsUseCases }): AnyRoute[] {
  return [
    ...jobRoutes('/admin/fs', 'admin', jobs),
    ...jobRoutes('/user/fs', { permission: 'mount' }, jobs),
  ];
}
