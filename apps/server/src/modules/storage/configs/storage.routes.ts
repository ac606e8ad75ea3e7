import {
  createStorageConfigRequestSchema,
  idParamSchema,
  storageChoiceSchema,
  storageConfigSchema,
  storageTestReportSchema,
  updateStorageConfigRequestSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { publicOriginOf } from '../../../app/public-origin';
import { type AnyRoute, route } from '../../../app/route';
import type { StorageUseCases } from './storage.usecases';
import type { StorageTests } from './storage-test.usecases';

export function createStorageRoutes({
  storage,
  tests,
}: {
  storage: StorageUseCases;
  tests: StorageTests;
}): AnyRoute[] {
  return [
    route({
      method: 'get',
      path: '/s3-configs',
      tag: 'storage',
      summary: 'List storage configurations (an API key sees only those keys may use, briefly)',
      auth: { permission: 'file' },
      response: z.union([z.array(storageConfigSchema), z.array(storageChoiceSchema)]),
      handler: ({ principal }) => storage.list(principal),
    }),
    route({
      method: 'post',
      path: '/s3-configs',
      tag: 'storage',
      summary:
        'Create a storage configuration (S3-compatible or local); the secret key is stored encrypted',
      auth: 'admin',
      body: createStorageConfigRequestSchema,
      response: storageConfigSchema,
      status: 201,
      handler: ({ body }) => storage.create(body),
    }),
    route({
      method: 'get',
      path: '/s3-configs/:id',
      tag: 'storage',
      summary: 'Read a storage configuration (secret masked)',
      auth: 'admin',
      params: idParamSchema,
      response: storageConfigSchema,
      errors: [404],
      handler: ({ params }) => storage.get(params.id),
    }),
    route({
      method: 'put',
      path: '/s3-configs/:id',
      tag: 'storage',
      summary: 'Change a storage configuration; an absent secret key keeps the stored one',
      auth: 'admin',
      params: idParamSchema,
      body: updateStorageConfigRequestSchema,
      response: storageConfigSchema,
      errors: [404],
      handler: ({ params, body }) => storage.update(params.id, body),
    }),
    route({
      method: 'delete',
      path: '/s3-configs/:id',
      tag: 'storage',
      summary: 'Delete a storage configuration that holds no file shares and is not the default',
      auth: 'admin',
      params: idParamSchema,
      response: z.null(),
      errors: [404, 409],
      handler: async ({ params }) => {
        await storage.remove(params.id);
        return null;
      },
    }),
    route({
      method: 'put',
      path: '/s3-configs/:id/set-default',
      tag: 'storage',
      summary: 'Make a storage configuration the default for uploads',
      auth: 'admin',
      params: idParamSchema,
      response: storageConfigSchema,
      errors: [404],
      handler: ({ params }) => storage.setDefault(params.id),
    }),
    route({
      method: 'post',
      path: '/s3-configs/:id/test',
      tag: 'storage',
      summary: 'Test a storage: write, read, list, presigned PUT with CORS, multipart, delete',
      auth: 'admin',
      params: idParamSchema,
      response: storageTestReportSchema,
      errors: [404],
      handler: ({ params }, c) => {
        // The origin whose browsers must be able to upload: the caller's Origin when it sends
        // one, else this server's public origin (no path, even when PUBLIC_URL has one).
        const origin = c.req.header('origin') ?? publicOriginOf(c);
        return tests.run(params.id, origin);
      },
    }),
  ];
}
