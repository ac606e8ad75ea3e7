import {
  apiKeyListQuerySchema,
  apiKeyListSchema,
  apiKeySchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  idParamSchema,
  updateApiKeyRequestSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { type AnyRoute, route } from '../../app/route';
import type { ApiKeysUseCases } from './api-keys.usecases';

export function createApiKeysRoutes({ apiKeys }: { apiKeys: ApiKeysUseCases }): AnyRoute[] {
  return [
    route({
      method: 'get',
      path: '/admin/api-keys',
      tag: 'api-keys',
      summary: 'List API keys (newest first; keys shown by their prefix only)',
      auth: 'admin',
      query: apiKeyListQuerySchema,
      response: apiKeyListSchema,
      handler: ({ query }) => apiKeys.list(query),
    }),
    route({
      method: 'post',
      path: '/admin/api-keys',
      tag: 'api-keys',
      summary: 'Create an API key; the answer is the only time the full key is shown',
      auth: 'admin',
      body: createApiKeyRequestSchema,
      response: createdApiKeySchema,
      status: 201,
      errors: [409],
      handler: ({ body }) => apiKeys.create(body),
    }),
    route({
      method: 'put',
      path: '/admin/api-keys/:id',
      tag: 'api-keys',
      summary: 'Change the name, permissions, base path or expiry of an API key',
      auth: 'admin',
      params: idParamSchema,
      body: updateApiKeyRequestSchema,
      response: apiKeySchema,
      errors: [404],
      handler: ({ params, body }) => apiKeys.update(params.id, body),
    }),
    route({
      method: 'delete',
      path: '/admin/api-keys/:id',
      tag: 'api-keys',
      summary: 'Delete an API key; it stops working at once',
      auth: 'admin',
      params: idParamSchema,
      response: z.null(),
      errors: [404],
      handler: async ({ params }) => {
        await apiKeys.remove(params.id);
        return null;
      },
    }),
  ];
}
