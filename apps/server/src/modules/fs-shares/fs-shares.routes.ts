import {
  fsShareCreateRequestSchema,
  fsShareInnerPathSchema,
  fsShareListQuerySchema,
  fsShareListSchema,
  fsShareSchema,
  fsShareUpdateRequestSchema,
  fsShareZipRequestSchema,
  idParamSchema,
  publicFsListingSchema,
  publicFsShareSchema,
  slugParamSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { type AnyRoute, type RouteAuth, route } from '../../app/route';
import type { ActivityLog } from '../dashboard/activity.recorder';
import { listingAnswer } from '../fs/fs-listing.response';
import { thumbnailQuerySchema, thumbnailResponse } from '../fs/thumbnails/fs-thumbnails.routes';
import { givenSharePassword, sharePasswordHeaderSchema } from '../shares/share-password';
import { objectResponse } from '../storage/object-response';
import { archiveResponse, rangeOf } from '../zip/zip.routes';
import { type FsShareVisits, unpackPaths } from './fs-share-visits.usecases';
import type { FsSharesUseCases } from './fs-shares.usecases';

const tag = 'file system shares';
const tokenSchema = z.string().min(1).max(200).optional();
/** The `paths` of a zip link: what `zip/link` packed, checked as a zip request's body is. */
const packedPathsSchema = z
  .string()
  .max(8000)
  .transform((packed, ctx) => {
    const parsed = fsShareZipRequestSchema.shape.paths.safeParse(unpackPaths(packed));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: 'Not a list of paths made by zip/link' });
    return z.NEVER;
  });
const zipLinkSchema = z.object({ url: z.string() });

function ownerRoutes(
  shares: FsSharesUseCases,
  prefix: '/admin/fs' | '/user/fs',
  auth: RouteAuth,
): AnyRoute[] {
  const whose = prefix === '/admin/fs' ? 'every share of a mounted path' : "the key's own shares";
  return [
    route({
      method: 'post',
      path: `${prefix}/shares`,
      tag,
      summary:
        'Share a mounted file or folder by link (slug, password, expiry, view limit, remark); a key shares only inside its base path',
      auth,
      body: fsShareCreateRequestSchema,
      response: fsShareSchema,
      status: 201,
      errors: [400, 403, 404, 409],
      handler: ({ principal, body, origin }) => shares.create(principal, body, origin),
    }),
    route({
      method: 'get',
      path: `${prefix}/shares`,
      tag,
      summary: `List ${whose}, newest first (limit, offset; search by path, slug or remark; \`under\`: the shares a rename, move or delete of that path would move or end)`,
      auth,
      query: fsShareListQuerySchema,
      response: fsShareListSchema,
      handler: ({ principal, query, origin }) => shares.list(principal, query, origin),
    }),
    route({
      method: 'get',
      path: `${prefix}/shares/:id`,
      tag,
      summary: 'One share of a mounted path',
      auth,
      params: idParamSchema,
      response: fsShareSchema,
      errors: [404],
      handler: ({ principal, params, origin }) => shares.get(principal, params.id, origin),
    }),
    route({
      method: 'put',
      path: `${prefix}/shares/:id`,
      tag,
      summary: 'Change a share: slug, password (null removes it), expiry, view limit, remark',
      auth,
      params: idParamSchema,
      body: fsShareUpdateRequestSchema,
      response: fsShareSchema,
      errors: [404, 409],
      handler: ({ principal, params, body, origin }) =>
        shares.update(principal, params.id, body, origin),
    }),
    route({
      method: 'delete',
      path: `${prefix}/shares/:id`,
      tag,
      summary: 'End a share (the file or folder stays)',
      auth,
      params: idParamSchema,
      response: z.null(),
      errors: [404],
      handler: async ({ principal, params }) => {
        await shares.remove(principal, params.id);
        return null;
      },
    }),
  ];
}

function visitorRoutes(visits: FsShareVisits, activity: ActivityLog): AnyRoute[] {
  return [
    route({
      method: 'get',
      path: '/public/fs-shares/:slug',
      tag,
      summary:
        'What a share is (kind, name, a file’s size and type); a protected one answers only that it needs a password. Counts no view',
      auth: 'public',
      params: slugParamSchema,
      query: z.object({ token: tokenSchema }),
      headers: sharePasswordHeaderSchema,
      response: publicFsShareSchema,
      errors: [401, 404, 410, 429],
      handler: ({ params, query, headers, clientIp }) =>
        visits.info(params.slug, {
          token: query.token,
          password: givenSharePassword(headers, undefined),
          clientIp,
        }),
    }),
    route({
      method: 'post',
      path: '/public/fs-shares/:slug/verify',
      tag,
      summary: 'Open a protected share with its password (rate limited): answers an access token',
      auth: 'public',
      params: slugParamSchema,
      body: z.object({ password: z.string().max(1024) }),
      response: publicFsShareSchema,
      errors: [401, 404, 410, 429],
      handler: ({ params, body, clientIp }) => visits.verify(params.slug, body.password, clientIp),
    }),
    route({
      method: 'get',
      path: '/public/fs-shares/:slug/list',
      tag,
      summary:
        'A folder inside a shared folder (`path` relative to it, `/` the shared folder itself); counts no view',
      auth: 'public',
      params: slugParamSchema,
      query: z.object({ path: fsShareInnerPathSchema, token: tokenSchema }),
      headers: sharePasswordHeaderSchema,
      response: publicFsListingSchema,
      errors: [400, 401, 404, 410, 429],
      handler: async ({ params, query, headers, clientIp }, c) =>
        listingAnswer(
          c,
          await visits.list(params.slug, query.path, {
            token: query.token,
            password: givenSharePassword(headers, undefined),
            clientIp,
          }),
        ),
    }),
    route({
      method: 'get',
      path: '/public/fs-shares/:slug/thumbnail',
      tag,
      summary:
        'A WebP thumbnail of a picture, video or PDF in the share (`path` relative to it); counts no view',
      auth: 'public',
      params: slugParamSchema,
      query: thumbnailQuerySchema.extend({ path: fsShareInnerPathSchema, token: tokenSchema }),
      headers: sharePasswordHeaderSchema,
      response: z.string(),
      produces: 'image/webp',
      errors: [400, 401, 404, 410, 415, 422, 429, 503],
      handler: async ({ params, query, headers, clientIp }, c) =>
        thumbnailResponse(
          await visits.thumbnail(
            params.slug,
            query.path,
            query.size,
            {
              token: query.token,
              password: givenSharePassword(headers, undefined),
              clientIp,
            },
            c.req.raw.signal,
          ),
          c.req.header('if-none-match'),
        ),
    }),
    route({
      method: 'get',
      path: '/public/fs-shares/:slug/content',
      tag,
      summary:
        'A file of the share (inline, or `download=1`), with Range support; each download from the first byte counts one view',
      auth: 'public',
      params: slugParamSchema,
      query: z.object({
        path: fsShareInnerPathSchema,
        token: tokenSchema,
        /** For scripts, as `raw/{slug}?password=` (rate limited). */
        password: z.string().max(1024).optional(),
        download: z.enum(['0', '1']).optional(),
        /** A link preview's picture (`og:image`): counts no view. */
        preview: tokenSchema,
      }),
      headers: sharePasswordHeaderSchema,
      response: z.string(),
      produces: 'application/octet-stream',
      errors: [400, 401, 404, 410, 416, 429],
      handler: async ({ params, query, headers, clientIp }, c) => {
        const download = query.download === '1';
        const file = await visits.content(params.slug, query.path, {
          token: query.token,
          password: givenSharePassword(headers, query.password),
          clientIp,
          range: c.req.header('range'),
          preview: query.preview,
        });
        return objectResponse({
          object: file.object,
          filename: file.name,
          contentType: file.contentType,
          download,
          activity,
        });
      },
    }),
    route({
      method: 'post',
      path: '/public/fs-shares/:slug/zip',
      tag,
      summary:
        'A Zip64 archive of files and folders of a folder share (`/`: all of it), as `fs/zip` answers it; one download, one view',
      auth: 'public',
      params: slugParamSchema,
      query: z.object({ token: tokenSchema }),
      headers: sharePasswordHeaderSchema,
      body: fsShareZipRequestSchema,
      response: z.unknown(),
      produces: 'application/zip',
      errors: [400, 401, 404, 410, 416, 429],
      handler: async ({ params, query, headers, body, clientIp }, c) =>
        archiveResponse(
          await visits.zip(params.slug, body.paths, {
            token: query.token,
            password: givenSharePassword(headers, undefined),
            clientIp,
            ...rangeOf(c),
          }),
        ),
    }),
    route({
      method: 'post',
      path: '/public/fs-shares/:slug/zip/link',
      tag,
      summary:
        'A URL a browser can follow to download the zip of `paths` (the visitor’s access goes in it); counts no view until followed',
      auth: 'public',
      params: slugParamSchema,
      query: z.object({ token: tokenSchema }),
      headers: sharePasswordHeaderSchema,
      body: fsShareZipRequestSchema.extend({ token: tokenSchema }),
      response: zipLinkSchema,
      errors: [400, 401, 404, 410, 429],
      handler: async ({ params, query, headers, body, clientIp, origin }) => ({
        url: `${origin}${await visits.zipLink(params.slug, body.paths, {
          token: body.token ?? query.token,
          password: givenSharePassword(headers, undefined),
          clientIp,
        })}`,
      }),
    }),
    route({
      method: 'get',
      path: '/public/fs-shares/:slug/zip',
      tag,
      summary: 'The zip of a link made by `zip/link` (Range supported); one download, one view',
      auth: 'public',
      params: slugParamSchema,
      query: z.object({ paths: packedPathsSchema, token: tokenSchema }),
      response: z.unknown(),
      produces: 'application/zip',
      errors: [400, 401, 404, 410, 416, 429],
      handler: async ({ params, query, clientIp }, c) =>
        archiveResponse(
          await visits.zip(params.slug, query.paths, {
            token: query.token,
            clientIp,
            ...rangeOf(c),
          }),
        ),
    }),
  ];
}

export function createFsSharesRoutes({
  shares,
  visits,
  activity,
}: {
  shares: FsSharesUseCases;
  visits: FsShareVisits;
  /** Downloads count their bytes out. */
  activity: ActivityLog;
}): AnyRoute[] {
  return [
    ...ownerRoutes(shares, '/admin/fs', 'admin'),
    ...ownerRoutes(shares, '/user/fs', { permission: 'mount' }),
    ...visitorRoutes(visits, activity),
  ];
}
