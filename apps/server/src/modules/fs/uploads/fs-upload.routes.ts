import {
  fsBatchCopyCommitRequestSchema,
  fsBatchResultSchema,
  fsMultipartAbortRequestSchema,
  fsMultipartCompleteRequestSchema,
  fsMultipartInitRequestSchema,
  fsMultipartInitResponseSchema,
  fsMultipartPartQuerySchema,
  fsMultipartPartResponseSchema,
  fsPresignCommitRequestSchema,
  fsPresignRequestSchema,
  fsPresignResponseSchema,
  fsUploadedSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { requestBodyStream } from '../../../app/request-stream';
import { type AnyRoute, type RouteAuth, route } from '../../../app/route';
import type { ProxyPartUrl } from './fs-multipart.usecases';
import type { FsUploadUseCases } from './fs-upload.usecases';

const declaredLength = (header: string | undefined) => {
  const length = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(length) ? length : null;
};

/** Multipart, presigned and client-side-copy commits under one file-system prefix. */
export function fsUploadRoutes(
  prefix: '/admin/fs' | '/user/fs',
  auth: RouteAuth,
  { multipart, presigned }: FsUploadUseCases,
): AnyRoute[] {
  const tag = 'file system';
  const proxyPartUrl =
    (origin: string): ProxyPartUrl =>
    (ref, partNumber, isLastPart) =>
      `${origin}/api${prefix}/multipart/part?${new URLSearchParams({
        path: ref.path,
        uploadId: ref.uploadId,
        partNumber: String(partNumber),
        isLastPart: String(isLastPart),
        key: ref.key,
      })}`;
  return [
    route({
      method: 'post',
      path: `${prefix}/multipart/init`,
      tag,
      summary:
        'Start a multipart upload of `filename` into the folder `path` (or to the file `path`): answers the part URLs and a signed `key`',
      auth,
      body: fsMultipartInitRequestSchema,
      response: fsMultipartInitResponseSchema,
      errors: [403, 409, 413],
      handler: ({ principal, body, origin }) =>
        multipart.init(principal, body, proxyPartUrl(origin)),
    }),
    route({
      method: 'post',
      path: `${prefix}/multipart/part`,
      tag,
      summary:
        "Upload one part through this server (the body is the part's bytes, its Content-Length exactly the part's length)",
      auth,
      query: fsMultipartPartQuerySchema,
      response: fsMultipartPartResponseSchema,
      errors: [400, 403],
      handler: ({ principal, query }, c) =>
        multipart.part(
          principal,
          query,
          requestBodyStream(c),
          declaredLength(c.req.header('content-length')),
        ),
    }),
    route({
      method: 'post',
      path: `${prefix}/multipart/complete`,
      tag,
      summary: 'Join the parts (with their ETags) once each holds its length; the file appears',
      auth,
      body: fsMultipartCompleteRequestSchema,
      response: fsUploadedSchema,
      errors: [403, 409, 413],
      handler: ({ principal, body }) => multipart.complete(principal, body),
    }),
    route({
      method: 'post',
      path: `${prefix}/multipart/abort`,
      tag,
      summary: 'Abort a multipart upload and drop its parts (idempotent)',
      auth,
      body: fsMultipartAbortRequestSchema,
      response: z.null(),
      errors: [403],
      handler: async ({ principal, body }) => {
        await multipart.abort(principal, body);
        return null;
      },
    }),
    route({
      method: 'post',
      path: `${prefix}/presign`,
      tag,
      summary:
        'A URL to PUT `fileName` into the folder `path`, signed for exactly `fileSize` bytes; then presign/commit',
      auth,
      body: fsPresignRequestSchema,
      response: fsPresignResponseSchema,
      errors: [403, 409, 413],
      handler: ({ principal, body }) => presigned.presign(principal, body),
    }),
    route({
      method: 'post',
      path: `${prefix}/presign/commit`,
      tag,
      summary: 'After the PUT: checks the file is there with its size (and ETag) and records it',
      auth,
      body: fsPresignCommitRequestSchema,
      response: fsUploadedSchema,
      errors: [403, 404, 409, 413],
      handler: ({ principal, body }) => presigned.commit(principal, body),
    }),
    route({
      method: 'post',
      path: `${prefix}/batch-copy-commit`,
      tag,
      summary:
        'After a client-side copy (download, then upload): checks each uploaded file at its target and records it',
      auth,
      body: fsBatchCopyCommitRequestSchema,
      response: fsBatchResultSchema,
      handler: ({ principal, body }) => presigned.batchCopyCommit(principal, body),
    }),
  ];
}
