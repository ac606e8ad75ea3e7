import {
  fsMultipartPartResponseSchema,
  idParamSchema,
  publicUploadRequestSchema,
  receivedFileSchema,
  receivedFilesSchema,
  requestMultipartAbortSchema,
  requestMultipartCompleteSchema,
  requestMultipartInitResponseSchema,
  requestMultipartInitSchema,
  requestMultipartPartQuerySchema,
  slugParamSchema,
  uploadArrivalListQuerySchema,
  uploadArrivalListSchema,
  uploadRequestCreateRequestSchema,
  uploadRequestListQuerySchema,
  uploadRequestListSchema,
  uploadRequestSchema,
  uploadRequestUpdateRequestSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { receiveUploads } from '../../app/multipart-upload';
import { requestBodyStream } from '../../app/request-stream';
import { type AnyRoute, type RouteAuth, route } from '../../app/route';
import { givenSharePassword, sharePasswordHeaderSchema } from '../shares/share-password';
import type { RequestMultipart } from './upload-request-multipart.usecases';
import type { UploadRequestVisits } from './upload-request-visits.usecases';
import type { UploadRequestsUseCases } from './upload-requests.usecases';

const tag = 'upload requests';
/** Files one form may carry; more go in further requests. */
export const UPLOAD_REQUEST_FILES_PER_FORM = 100;
const tokenSchema = z.string().min(1).max(200).optional();
const declaredLength = (header: string | undefined) => {
  const length = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(length) ? length : null;
};

function ownerRoutes(
  requests: UploadRequestsUseCases,
  prefix: '/admin' | '/user',
  auth: RouteAuth,
): AnyRoute[] {
  const whose = prefix === '/admin' ? 'every upload request' : "the key's own upload requests";
  return [
    route({
      method: 'post',
      path: `${prefix}/upload-requests`,
      tag,
      summary:
        'Ask for files: a link through which anyone with it uploads into the folder `path` (slug, password, expiry, number of files, size per file and in all, accepted types, remark). The folder must be writable by its creator: a read-only key cannot',
      auth,
      body: uploadRequestCreateRequestSchema,
      response: uploadRequestSchema,
      status: 201,
      errors: [400, 403, 404, 409],
      handler: ({ principal, body, origin }) => requests.create(principal, body, origin),
    }),
    route({
      method: 'get',
      path: `${prefix}/upload-requests`,
      tag,
      summary: `List ${whose}, newest first (limit, offset; search by folder, slug or remark)`,
      auth,
      query: uploadRequestListQuerySchema,
      response: uploadRequestListSchema,
      handler: ({ principal, query, origin }) => requests.list(principal, query, origin),
    }),
    route({
      method: 'get',
      path: `${prefix}/upload-requests/:id`,
      tag,
      summary: 'One upload request',
      auth,
      params: idParamSchema,
      response: uploadRequestSchema,
      errors: [404],
      handler: ({ principal, params, origin }) => requests.get(principal, params.id, origin),
    }),
    route({
      method: 'get',
      path: `${prefix}/upload-requests/:id/files`,
      tag,
      summary: 'The files that arrived through an upload request, newest first',
      auth,
      params: idParamSchema,
      query: uploadArrivalListQuerySchema,
      response: uploadArrivalListSchema,
      errors: [404],
      handler: ({ principal, params, query }) => requests.arrivals(principal, params.id, query),
    }),
    route({
      method: 'get',
      path: `${prefix}/upload-arrivals`,
      tag,
      summary: `The files that arrived lately through ${whose}, newest first`,
      auth,
      query: uploadArrivalListQuerySchema,
      response: uploadArrivalListSchema,
      handler: ({ principal, query }) => requests.recentArrivals(principal, query),
    }),
    route({
      method: 'put',
      path: `${prefix}/upload-requests/:id`,
      tag,
      summary:
        'Change an upload request: slug, password (null removes it), expiry, limits, accepted types, remark',
      auth,
      params: idParamSchema,
      body: uploadRequestUpdateRequestSchema,
      response: uploadRequestSchema,
      errors: [404, 409],
      handler: ({ principal, params, body, origin }) =>
        requests.update(principal, params.id, body, origin),
    }),
    route({
      method: 'delete',
      path: `${prefix}/upload-requests/:id`,
      tag,
      summary: 'End an upload request (the files that arrived stay in the folder)',
      auth,
      params: idParamSchema,
      response: z.null(),
      errors: [404],
      handler: async ({ principal, params }) => {
        await requests.remove(principal, params.id);
        return null;
      },
    }),
  ];
}

function visitorRoutes(visits: UploadRequestVisits, multipart: RequestMultipart): AnyRoute[] {
  const credentialsOf = (
    query: { token?: string | undefined },
    headers: z.output<typeof sharePasswordHeaderSchema>,
    clientIp: string,
  ) => ({ token: query.token, password: givenSharePassword(headers, undefined), clientIp });
  return [
    route({
      method: 'get',
      path: '/public/upload-requests/:slug',
      tag,
      summary:
        'What an upload request accepts (folder name, size per file, files and bytes left, types); a protected one answers only that it needs a password. Never the folder’s contents',
      auth: 'public',
      params: slugParamSchema,
      query: z.object({ token: tokenSchema }),
      headers: sharePasswordHeaderSchema,
      response: publicUploadRequestSchema,
      errors: [401, 404, 410, 429],
      handler: ({ params, query, headers, clientIp }) =>
        visits.info(params.slug, credentialsOf(query, headers, clientIp)),
    }),
    route({
      method: 'post',
      path: '/public/upload-requests/:slug/verify',
      tag,
      summary:
        'Open a protected upload request with its password (rate limited): answers an access token',
      auth: 'public',
      params: slugParamSchema,
      body: z.object({ password: z.string().max(1024) }),
      response: publicUploadRequestSchema,
      errors: [401, 404, 410, 429],
      handler: ({ params, body, clientIp }) => visits.verify(params.slug, body.password, clientIp),
    }),
    route({
      method: 'post',
      path: '/public/upload-requests/:slug/files',
      tag,
      summary: `Send files (multipart/form-data, one or more \`file\` parts, at most ${UPLOAD_REQUEST_FILES_PER_FORM}), streamed into the request's folder; each is checked against the limits before a byte is stored, and a taken name is kept by storing as \`name (1).ext\`. Files before a refused one stay stored`,
      auth: 'public',
      params: slugParamSchema,
      query: z.object({ token: tokenSchema }),
      headers: sharePasswordHeaderSchema,
      form: z.object({ file: z.string().describe('A file (binary); repeat for several') }),
      response: receivedFilesSchema,
      status: 201,
      errors: [400, 401, 404, 410, 413, 415, 429],
      handler: async ({ params, query, headers, clientIp }, c) => {
        const admitted = await visits.admit(params.slug, credentialsOf(query, headers, clientIp));
        const declared = Number(c.req.header('content-length') ?? Number.NaN);
        const files = await receiveUploads(
          c.req.header('content-type') ?? '',
          requestBodyStream(c),
          (incoming) =>
            visits.receive(admitted, {
              filename: incoming.filename,
              mimeType: incoming.mimeType,
              stream: incoming.stream,
              ...(Number.isSafeInteger(declared) ? { sizeAtMost: declared } : {}),
            }),
          { maxFiles: UPLOAD_REQUEST_FILES_PER_FORM },
        );
        return { files };
      },
    }),
    route({
      method: 'post',
      path: '/public/upload-requests/:slug/multipart/init',
      tag,
      summary:
        'Start sending a large file in parts: its size is held against the limits first; answers the part addresses (always on this server)',
      auth: 'public',
      params: slugParamSchema,
      query: z.object({ token: tokenSchema }),
      headers: sharePasswordHeaderSchema,
      body: requestMultipartInitSchema,
      response: requestMultipartInitResponseSchema,
      errors: [401, 404, 410, 413, 415, 429],
      handler: ({ params, query, headers, body, clientIp, origin }) =>
        multipart.init(
          params.slug,
          credentialsOf(query, headers, clientIp),
          body,
          (upload, partNumber) =>
            `${origin}/api/public/upload-requests/${encodeURIComponent(params.slug)}/multipart/part?${new URLSearchParams({ upload, partNumber: String(partNumber) })}`,
        ),
    }),
    route({
      method: 'put',
      path: '/public/upload-requests/:slug/multipart/part',
      tag,
      summary:
        "One part (the body; its Content-Length exactly the part's length); the upload's id is its credential",
      auth: 'public',
      params: slugParamSchema,
      query: requestMultipartPartQuerySchema,
      response: fsMultipartPartResponseSchema,
      errors: [400, 404, 410],
      handler: ({ params, query }, c) =>
        multipart.part(
          params.slug,
          query.upload,
          query.partNumber,
          requestBodyStream(c),
          declaredLength(c.req.header('content-length')),
        ),
    }),
    route({
      method: 'post',
      path: '/public/upload-requests/:slug/multipart/complete',
      tag,
      summary: 'Join the parts (with their ETags) once each holds its length; the file appears',
      auth: 'public',
      params: slugParamSchema,
      body: requestMultipartCompleteSchema,
      response: receivedFileSchema,
      errors: [404, 409, 410],
      handler: ({ params, body }) => multipart.complete(params.slug, body),
    }),
    route({
      method: 'post',
      path: '/public/upload-requests/:slug/multipart/abort',
      tag,
      summary: 'Give up a large file: its parts go and its place is free again (idempotent)',
      auth: 'public',
      params: slugParamSchema,
      body: requestMultipartAbortSchema,
      response: z.null(),
      handler: async ({ params, body }) => {
        await multipart.abort(params.slug, body.upload);
        return null;
      },
    }),
  ];
}

export function createUploadRequestsRoutes({
  requests,
  visits,
  multipart,
}: {
  requests: UploadRequestsUseCases;
  visits: UploadRequestVisits;
  multipart: RequestMultipart;
}): AnyRoute[] {
  return [
    ...ownerRoutes(requests, '/admin', 'admin'),
    ...ownerRoutes(requests, '/user', { permission: 'mount' }),
    ...visitorRoutes(visits, multipart),
  ];
}
