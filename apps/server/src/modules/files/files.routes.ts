import {
  fileBatchDeleteRequestSchema,
  fileContentLinksSchema,
  fileListQuerySchema,
  fileListSchema,
  fileShareSchema,
  idParamSchema,
  publicFileSchema,
  slugParamSchema,
  updateFileShareRequestSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { type AnyRoute, type RouteAuth, route } from '../../app/route';
import type { ActivityLog } from '../dashboard/activity.recorder';
import { givenSharePassword, sharePasswordHeaderSchema } from '../shares/share-password';
import { objectResponse, parseRange } from '../storage/object-response';
import type { FilesUseCases } from './files.usecases';

function managementRoutes(
  files: FilesUseCases,
  prefix: '/admin' | '/user',
  auth: RouteAuth,
): AnyRoute[] {
  const whose = prefix === '/admin' ? 'every file share' : "the key's own file shares";
  return [
    route({
      method: 'get',
      path: `${prefix}/files`,
      tag: 'files',
      summary: `List ${whose}, newest first (limit, offset; search by name, slug or remark)`,
      auth,
      query: fileListQuerySchema,
      response: fileListSchema,
      handler: ({ principal, query }) => files.list(principal, query),
    }),
    route({
      method: 'get',
      path: `${prefix}/files/:id`,
      tag: 'files',
      summary: `Read one of ${whose}`,
      auth,
      params: idParamSchema,
      response: fileShareSchema,
      errors: [404],
      handler: ({ principal, params }) => files.get(principal, params.id),
    }),
    route({
      method: 'get',
      path: `${prefix}/files/:id/content-links`,
      tag: 'files',
      summary: `Short-lived preview and download addresses of one of ${whose}; counts no view`,
      auth,
      params: idParamSchema,
      response: fileContentLinksSchema,
      errors: [404],
      handler: ({ principal, params }) => files.ownerContentLinks(principal, params.id),
    }),
    route({
      method: 'put',
      path: `${prefix}/files/:id`,
      tag: 'files',
      summary: `Change the remark, slug, password, expiry or max views of one of ${whose}`,
      auth,
      params: idParamSchema,
      body: updateFileShareRequestSchema,
      response: fileShareSchema,
      errors: [404, 409],
      handler: ({ principal, params, body }) => files.update(principal, params.id, body),
    }),
    route({
      method: 'delete',
      path: `${prefix}/files/:id`,
      tag: 'files',
      summary: `Delete one of ${whose} and its object; \`uploading_only=1\` (the clean-up of a failed upload) leaves a committed share in place with 409`,
      auth,
      params: idParamSchema,
      query: z.object({
        uploading_only: z
          .enum(['0', '1'])
          .optional()
          .describe('1: delete only an upload not yet committed (a lost commit answer is safe)'),
      }),
      response: z.null(),
      errors: [404, 409],
      handler: async ({ principal, params, query }) => {
        await files.remove(principal, params.id, { uploadingOnly: query.uploading_only === '1' });
        return null;
      },
    }),
    route({
      method: 'post',
      path: `${prefix}/files/batch-delete`,
      tag: 'files',
      summary: `Delete several of ${whose} and their objects; unknown ids are skipped`,
      auth,
      body: fileBatchDeleteRequestSchema,
      response: z.object({ deleted: z.number() }),
      handler: ({ principal, body }) => files.removeMany(principal, body.ids),
    }),
  ];
}

export function createFilesRoutes({
  files,
  activity,
}: {
  files: FilesUseCases;
  /** Downloads count their bytes out. */
  activity: ActivityLog;
}): AnyRoute[] {
  const uploader: RouteAuth = { permission: 'file' };
  return [
    ...managementRoutes(files, '/admin', 'admin'),
    ...managementRoutes(files, '/user', uploader),
    route({
      method: 'get',
      path: '/public/files/:slug',
      tag: 'files',
      summary:
        'Open a file share (counts one view); a protected one answers only that it needs a password',
      auth: 'public',
      params: slugParamSchema,
      response: publicFileSchema,
      errors: [404, 410],
      handler: ({ params }) => files.view(params.slug),
    }),
    route({
      method: 'post',
      path: '/public/files/:slug/verify',
      tag: 'files',
      summary:
        'Open a protected file share with its password (rate limited); answers short-lived content URLs',
      auth: 'public',
      params: slugParamSchema,
      body: z.object({ password: z.string().max(1024) }),
      response: publicFileSchema,
      errors: [401, 404, 410, 429],
      handler: ({ params, body, clientIp }) => files.verify(params.slug, body.password, clientIp),
    }),
    route({
      method: 'get',
      path: '/public/files/:slug/content',
      tag: 'files',
      summary:
        'The file itself (inline, or `download=1`), with Range support; `token` from a view, or none (a counted view; for a protected share the password, in the `X-Share-Password` header or `password`)',
      auth: 'public',
      params: slugParamSchema,
      query: z.object({
        token: z.string().min(1).max(200).optional(),
        /** For scripts, as `raw/{slug}?password=`: the request counts as a view (rate limited). */
        password: z.string().max(1024).optional(),
        download: z.enum(['0', '1']).optional(),
      }),
      headers: sharePasswordHeaderSchema,
      response: z.string(),
      produces: 'application/octet-stream',
      errors: [401, 404, 410, 416, 429],
      handler: async ({ params, query, headers, clientIp }, c) => {
        const download = query.download === '1';
        const content = await files.content({
          slug: params.slug,
          token: query.token,
          password: givenSharePassword(headers, query.password),
          clientIp,
          download,
          range: (size) => parseRange(c.req.header('range'), size),
        });
        if ('redirect' in content) {
          // The URL expires: neither the browser nor a proxy may keep this answer.
          return new Response(null, {
            status: 302,
            headers: { Location: content.redirect, 'Cache-Control': 'no-store' },
          });
        }
        return objectResponse({
          object: content.object,
          filename: content.share.filename,
          contentType: content.share.mimetype,
          download,
          activity,
        });
      },
    }),
  ];
}
