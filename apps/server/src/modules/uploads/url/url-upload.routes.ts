import { fileIdRequestSchema, urlInfoSchema, urlRequestSchema } from '@sharebin/shared';
import { z } from 'zod';
import { type AnyRoute, type RouteAuth, route } from '../../../app/route';
import { toWebStream } from '../../../app/web-stream';
import { uploadFlowRoutes } from '../share-target/share-upload.routes';
import type { ShareUploads } from '../share-target/share-uploads.usecases';
import type { UrlUploadUseCases } from './url-upload.usecases';

export function createUrlUploadRoutes({
  urls,
  uploads,
}: {
  urls: UrlUploadUseCases;
  uploads: ShareUploads;
}): AnyRoute[] {
  const auth: RouteAuth = { permission: 'file' };
  return [
    route({
      method: 'post',
      path: '/url/info',
      tag: 'url-upload',
      summary: 'What a URL holds (name, size, type); only public addresses are contacted',
      auth,
      body: urlRequestSchema,
      response: urlInfoSchema,
      errors: [502, 504],
      handler: ({ body }) => urls.info(body.url),
    }),
    route({
      method: 'get',
      path: '/url/proxy',
      tag: 'url-upload',
      summary: 'The remote file through this server, for browsers whose direct download fails',
      auth,
      query: urlRequestSchema,
      response: z.string(),
      produces: 'application/octet-stream',
      errors: [413, 502, 504],
      handler: async ({ query }) => {
        const remote = await urls.proxy(query.url);
        return new Response(toWebStream(remote.body), {
          headers: {
            'Content-Type': 'application/octet-stream',
            'X-Remote-Content-Type': remote.contentType,
            'Content-Security-Policy': "sandbox; default-src 'none'",
            ...(remote.contentLength === undefined
              ? {}
              : { 'Content-Length': String(remote.contentLength) }),
          },
        });
      },
    }),
    ...uploadFlowRoutes(uploads, '/url'),
    route({
      method: 'post',
      path: '/url/cancel',
      tag: 'url-upload',
      summary: 'Cancel a URL upload: drops the share and anything stored for it',
      auth,
      body: fileIdRequestSchema,
      response: z.null(),
      errors: [404, 409],
      handler: async ({ principal, body }) => {
        await uploads.abortUpload(principal, body);
        return null;
      },
    }),
  ];
}
