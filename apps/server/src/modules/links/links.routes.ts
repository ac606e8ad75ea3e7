import {
  idParamSchema,
  publicShortLinkSchema,
  shortLinkCreateRequestSchema,
  shortLinkListQuerySchema,
  shortLinkListSchema,
  shortLinkSchema,
  shortLinkUpdateRequestSchema,
  slugParamSchema,
} from '@sharebin/shared';
import type { Context, Next } from 'hono';
import { z } from 'zod';
import { AppError } from '../../app/errors';
import { type AnyRoute, type RouteAuth, route } from '../../app/route';
import type { LinksUseCases } from './links.usecases';

const tag = 'short links';

function ownerRoutes(links: LinksUseCases, prefix: '/admin' | '/user', auth: RouteAuth) {
  const whose = prefix === '/admin' ? 'every short link' : "the key's own short links";
  return [
    route({
      method: 'get',
      path: `${prefix}/links`,
      tag,
      summary: `List ${whose}, newest first (limit, offset; search by address, slug or remark)`,
      auth,
      query: shortLinkListQuerySchema,
      response: shortLinkListSchema,
      handler: ({ principal, query, origin }) => links.list(principal, query, origin),
    }),
    route({
      method: 'get',
      path: `${prefix}/links/:id`,
      tag,
      summary: 'One short link',
      auth,
      params: idParamSchema,
      response: shortLinkSchema,
      errors: [404],
      handler: ({ principal, params, origin }) => links.get(principal, params.id, origin),
    }),
    route({
      method: 'put',
      path: `${prefix}/links/:id`,
      tag,
      summary:
        'Change a short link: address, slug, password (null removes it), expiry, view limit, remark',
      auth,
      params: idParamSchema,
      body: shortLinkUpdateRequestSchema,
      response: shortLinkSchema,
      errors: [404, 409],
      handler: ({ principal, params, body, origin }) =>
        links.update(principal, params.id, body, origin),
    }),
    route({
      method: 'delete',
      path: `${prefix}/links/:id`,
      tag,
      summary: 'Delete a short link',
      auth,
      params: idParamSchema,
      response: z.null(),
      errors: [404],
      handler: async ({ principal, params }) => {
        await links.remove(principal, params.id);
        return null;
      },
    }),
  ];
}

export function createLinksRoutes({ links }: { links: LinksUseCases }): AnyRoute[] {
  const writer: RouteAuth = { permission: 'text' };
  return [
    route({
      method: 'post',
      path: '/links',
      tag,
      summary:
        'Shorten an http(s) address to `/l/{slug}` (slug, password, expiry, view limit, remark)',
      auth: writer,
      body: shortLinkCreateRequestSchema,
      response: shortLinkSchema,
      status: 201,
      errors: [403, 409],
      handler: ({ principal, body, origin }) => links.create(principal, body, origin),
    }),
    ...ownerRoutes(links, '/admin', 'admin'),
    ...ownerRoutes(links, '/user', writer),
    route({
      method: 'get',
      path: '/public/links/:slug',
      tag,
      summary:
        'Whether a short link needs a password; refused when expired or used up. Counts nothing',
      auth: 'public',
      params: slugParamSchema,
      response: publicShortLinkSchema,
      errors: [404, 410],
      handler: ({ params }) => links.info(params.slug),
    }),
    route({
      method: 'post',
      path: '/public/links/:slug/verify',
      tag,
      summary:
        'Follow a protected short link with its password (rate limited): answers its address, one view counted',
      auth: 'public',
      params: slugParamSchema,
      body: z.object({ password: z.string().max(1024) }),
      response: publicShortLinkSchema,
      errors: [401, 404, 410, 429],
      handler: ({ params, body, clientIp }) => links.verify(params.slug, body.password, clientIp),
    }),
  ];
}

/**
 * `GET /l/{slug}`: 302 to the address, one view counted. A link that needs a password, or
 * cannot be followed any more, goes on to the web app, whose page asks or explains.
 */
export function followShortLink(links: LinksUseCases) {
  return async (c: Context, next: Next) => {
    if (c.req.method !== 'GET') return next();
    let target: string;
    try {
      target = await links.follow(decodeURIComponent(c.req.param('slug') ?? ''));
    } catch (error) {
      if (error instanceof AppError || error instanceof URIError) return next();
      throw error;
    }
    return new Response(null, {
      status: 302,
      headers: { Location: target, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' },
    });
  };
}
