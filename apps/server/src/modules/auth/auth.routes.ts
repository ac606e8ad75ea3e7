import {
  adminTokenInfoSchema,
  apiKeyVerificationSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { type AnyRoute, route } from '../../app/route';
import { toIso, toIsoOrNull } from '../shared/clock';
import type { AuthUseCases } from './auth.usecases';

export function createAuthRoutes({ auth }: { auth: AuthUseCases }): AnyRoute[] {
  return [
    route({
      method: 'post',
      path: '/admin/login',
      tag: 'auth',
      summary: 'Log in as the admin; failures are rate limited per client IP and username',
      auth: 'public',
      body: loginRequestSchema,
      response: loginResponseSchema,
      errors: [401, 429],
      handler: ({ body, clientIp }) => auth.login({ ...body, clientIp }),
    }),
    route({
      method: 'post',
      path: '/admin/logout',
      tag: 'auth',
      summary: 'Revoke the admin token of this request',
      auth: 'admin',
      response: z.null(),
      handler: async ({ auth: credentials }) => {
        await auth.logout(credentials.secret);
        return null;
      },
    }),
    route({
      method: 'get',
      path: '/test/admin-token',
      tag: 'auth',
      summary: 'Check an admin token',
      auth: 'admin',
      response: adminTokenInfoSchema,
      handler: ({ principal, auth: credentials }) => ({
        valid: true as const,
        username: principal.type === 'admin' ? principal.name : '',
        expiresAt: toIso(credentials.expiresAt ?? 0),
      }),
    }),
    route({
      method: 'get',
      path: '/test/api-key',
      tag: 'auth',
      summary: 'Check an API key and read its permissions',
      auth: 'apikey',
      response: apiKeyVerificationSchema,
      handler: ({ principal, auth: credentials }) => {
        if (principal.type !== 'apikey') throw new Error('unreachable: route needs an API key');
        return {
          permissions: principal.permissions,
          key_info: {
            id: principal.id,
            name: principal.name,
            basic_path: principal.basicPath,
            mount_read_only: principal.mountReadOnly,
          },
          expires_at: toIsoOrNull(credentials.expiresAt),
        };
      },
    }),
    route({
      method: 'post',
      path: '/admin/change-password',
      tag: 'auth',
      summary: 'Change the admin username and/or password; revokes every admin session',
      auth: 'admin',
      body: changePasswordRequestSchema,
      response: z.null(),
      errors: [401, 429],
      handler: async ({ body, principal, clientIp }) => {
        await auth.changeAccount({
          adminId: principal.type === 'admin' ? principal.id : '',
          clientIp,
          request: body,
        });
        return null;
      },
    }),
  ];
}
