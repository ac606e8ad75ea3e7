import {
  createMountRequestSchema,
  idParamSchema,
  mountListQuerySchema,
  mountListSchema,
  mountSchema,
  pageFrom,
  updateMountRequestSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { type AnyRoute, route } from '../../app/route';
import type { MountsUseCases } from './mounts.usecases';

/**
 * Admin routes manage mounts; the user routes let a key with the mount permission read the
 * active mounts that meet its base path (SPEC §6: keys never create, change or delete mounts).
 */
export function createMountsRoutes({ mounts }: { mounts: MountsUseCases }): AnyRoute[] {
  return [
    route({
      method: 'get',
      path: '/admin/mounts',
      tag: 'mounts',
      summary: 'List every mount, active or not, by sort order then path',
      auth: 'admin',
      query: mountListQuerySchema,
      response: mountListSchema,
      // Mounts are few, and a key's are filtered after reading: paged in memory.
      handler: async ({ query }) => pageFrom(await mounts.list(), query),
    }),
    route({
      method: 'post',
      path: '/admin/mounts',
      tag: 'mounts',
      summary:
        'Create a mount: a storage config placed at a path; the path may not be taken (in any letter case) or reserved',
      auth: 'admin',
      body: createMountRequestSchema,
      response: mountSchema,
      status: 201,
      errors: [404, 409],
      handler: ({ body }) => mounts.create(body),
    }),
    route({
      method: 'get',
      path: '/admin/mounts/:id',
      tag: 'mounts',
      summary: 'Read a mount',
      auth: 'admin',
      params: idParamSchema,
      response: mountSchema,
      errors: [404],
      handler: ({ params }) => mounts.get(params.id),
    }),
    route({
      method: 'put',
      path: '/admin/mounts/:id',
      tag: 'mounts',
      summary: 'Change any fields of a mount; the same rules as on creation apply',
      auth: 'admin',
      params: idParamSchema,
      body: updateMountRequestSchema,
      response: mountSchema,
      errors: [404, 409],
      handler: ({ params, body }) => mounts.update(params.id, body),
    }),
    route({
      method: 'delete',
      path: '/admin/mounts/:id',
      tag: 'mounts',
      summary: 'Delete a mount; the files in its storage stay',
      auth: 'admin',
      params: idParamSchema,
      response: z.null(),
      errors: [404],
      handler: async ({ params }) => {
        await mounts.remove(params.id);
        return null;
      },
    }),
    route({
      method: 'get',
      path: '/user/mounts',
      tag: 'mounts',
      summary:
        'List the mounts this caller may browse: for a key, the active ones that meet its base path',
      auth: { permission: 'mount' },
      query: mountListQuerySchema,
      response: mountListSchema,
      handler: async ({ principal, query }) => pageFrom(await mounts.listFor(principal), query),
    }),
    route({
      method: 'get',
      path: '/user/mounts/:id',
      tag: 'mounts',
      summary: 'Read a mount this caller may browse (404 for any other)',
      auth: { permission: 'mount' },
      params: idParamSchema,
      response: mountSchema,
      errors: [404],
      handler: ({ principal, params }) => mounts.getFor(principal, params.id),
    }),
  ];
}
