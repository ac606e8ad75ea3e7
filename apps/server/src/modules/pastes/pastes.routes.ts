import {
  batchDeleteRequestSchema,
  createdPasteSchema,
  createPasteQuerySchema,
  createPasteRequestSchema,
  deletedCountSchema,
  idParamSchema,
  pasteListQuerySchema,
  pasteListSchema,
  pastePasswordRequestSchema,
  pasteSchema,
  pasteViewSchema,
  slugParamSchema,
  updatePasteRequestSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { type AnyRoute, type RouteAuth, route } from '../../app/route';
import { givenSharePassword, sharePasswordHeaderSchema } from '../shares/share-password';
import { pasteLinks } from './pastes.models';
import type { PastesUseCases } from './pastes.usecases';

const rawQuerySchema = z.object({
  token: z.string().max(200).optional(),
  password: z.string().max(1024).optional(),
});

/** Management routes, the same under `/admin` (every paste) and `/user` (a key's own). */
function managementRoutes(
  pastes: PastesUseCases,
  prefix: '/admin' | '/user',
  auth: RouteAuth,
  bodyLimit: number,
): AnyRoute[] {
  const whose = prefix === '/admin' ? 'any paste' : "the key's own pastes";
  return [
    route({
      method: 'get',
      path: `${prefix}/pastes/:id`,
      tag: 'pastes',
      summary: `Read ${whose}`,
      auth,
      params: idParamSchema,
      response: pasteSchema,
      errors: [404],
      handler: ({ principal, params }) => pastes.get(principal, params.id),
    }),
    route({
      method: 'put',
      path: `${prefix}/pastes/:id`,
      tag: 'pastes',
      summary: `Change ${whose}`,
      auth,
      params: idParamSchema,
      body: updatePasteRequestSchema,
      bodyLimit,
      response: pasteSchema,
      errors: [404, 409, 413],
      handler: ({ principal, params, body }) => pastes.update(principal, params.id, body),
    }),
    route({
      method: 'delete',
      path: `${prefix}/pastes/:id`,
      tag: 'pastes',
      summary: `Delete ${whose}`,
      auth,
      params: idParamSchema,
      response: z.null(),
      errors: [404],
      handler: async ({ principal, params }) => {
        await pastes.remove(principal, params.id);
        return null;
      },
    }),
    route({
      method: 'post',
      path: `${prefix}/pastes/batch-delete`,
      tag: 'pastes',
      summary: `Delete several of ${whose}; ids that are not found are skipped`,
      auth,
      body: batchDeleteRequestSchema,
      response: deletedCountSchema,
      handler: ({ principal, body }) => pastes.removeMany(principal, body.ids),
    }),
  ];
}

export function createPastesRoutes({
  pastes,
  maxContentBytes,
}: {
  pastes: PastesUseCases;
  maxContentBytes: number;
}): AnyRoute[] {
  // JSON escaping can grow text up to six times (\uXXXX); the content itself is checked in bytes.
  const bodyLimit = maxContentBytes * 6 + 64 * 1024;
  return [
    route({
      method: 'post',
      path: '/paste',
      tag: 'pastes',
      summary:
        'Create a paste (admin, or an API key with text permission). The body is JSON, or the content as `text/plain` with the other fields as query parameters',
      auth: { permission: 'text' },
      body: createPasteRequestSchema,
      plainText: { field: 'content', query: createPasteQuerySchema },
      bodyLimit,
      response: createdPasteSchema,
      status: 201,
      errors: [409, 413],
      handler: async ({ principal, body, origin }) => {
        const paste = await pastes.create(principal, body);
        return { ...paste, ...pasteLinks(origin, paste.slug) };
      },
    }),
    route({
      method: 'get',
      path: '/paste/:slug',
      tag: 'pastes',
      summary:
        'View a paste (counts one view); a protected paste answers 401 paste.password_required',
      auth: 'public',
      params: slugParamSchema,
      response: pasteViewSchema,
      errors: [401, 404, 410],
      handler: ({ params }) => pastes.view(params.slug),
    }),
    route({
      method: 'post',
      path: '/paste/:slug',
      tag: 'pastes',
      summary:
        'View a protected paste with its password (rate limited); answers an access token for the raw link',
      auth: 'public',
      params: slugParamSchema,
      body: pastePasswordRequestSchema,
      response: pasteViewSchema,
      errors: [401, 404, 410, 429],
      handler: ({ params, body, clientIp }) =>
        pastes.viewWithPassword(params.slug, body.password, clientIp),
    }),
    route({
      method: 'get',
      path: '/raw/:slug',
      tag: 'pastes',
      summary:
        'The paste as plain text; `token` from a verified view, or for scripts the password (`X-Share-Password` header or `password`)',
      auth: 'public',
      params: slugParamSchema,
      query: rawQuerySchema,
      headers: sharePasswordHeaderSchema,
      response: z.string(),
      produces: 'text/plain',
      errors: [401, 404, 410, 429],
      handler: async ({ params, query, headers, clientIp }) => {
        const content = await pastes.raw({
          slug: params.slug,
          token: query.token,
          password: givenSharePassword(headers, query.password),
          clientIp,
        });
        return new Response(content, {
          headers: {
            'Content-Type': 'text/plain; charset=utf-8',
            'Content-Disposition': `inline; filename="${params.slug}.txt"`,
            'Content-Security-Policy': "sandbox; default-src 'none'",
            'Cache-Control': 'no-store',
          },
        });
      },
    }),
    route({
      method: 'get',
      path: '/admin/pastes',
      tag: 'pastes',
      summary:
        'List every paste, newest first (limit with page or offset; search by slug or remark)',
      auth: 'admin',
      query: pasteListQuerySchema,
      response: pasteListSchema,
      handler: ({ principal, query }) => pastes.list(principal, query),
    }),
    route({
      method: 'post',
      path: '/admin/pastes/clear-expired',
      tag: 'pastes',
      summary: 'Delete every expired or used-up paste',
      auth: 'admin',
      body: z.object({ clearExpired: z.boolean().optional() }),
      response: deletedCountSchema,
      handler: () => pastes.clearFinished(),
    }),
    ...managementRoutes(pastes, '/admin', 'admin', bodyLimit),
    route({
      method: 'get',
      path: '/user/pastes',
      tag: 'pastes',
      summary: "List the key's own pastes, newest first (limit with offset or page)",
      auth: { permission: 'text' },
      query: pasteListQuerySchema,
      response: pasteListSchema,
      handler: ({ principal, query }) => pastes.list(principal, query),
    }),
    ...managementRoutes(pastes, '/user', { permission: 'text' }, bodyLimit),
  ];
}
