import { z } from 'zod';
import { requestBodyStream } from '../../../app/request-stream';
import { type AnyRoute, route } from '../../../app/route';
import type { ActivityLog } from '../../dashboard/activity.recorder';
import { objectResponse, parseRange } from '../object-response';
import type { LocalTransfers } from './storage-local.usecases';

const params = z.object({ configId: z.string().min(1).max(64) });
const signedQuery = z.record(z.string(), z.string());

const lengthOf = (request: Request) => {
  const header = request.headers.get('content-length');
  return header === null ? undefined : Number(header);
};

/** The local storage's stand-ins for presigned S3 URLs; the signature is the credential. */
export function createLocalStorageRoutes({
  transfers,
  activity,
}: {
  transfers: LocalTransfers;
  /** Downloads through signed links count their bytes out. */
  activity: ActivityLog;
}): AnyRoute[] {
  return [
    route({
      method: 'get',
      path: '/storage/local/:configId/get',
      tag: 'storage',
      summary: 'Download from a local storage through a signed URL (Range supported)',
      auth: 'public',
      params,
      query: signedQuery,
      response: z.string(),
      produces: 'application/octet-stream',
      errors: [403, 404, 416],
      handler: async ({ params, query }, c) => {
        const { object, download } = await transfers.get(params.configId, query, (size) =>
          parseRange(c.req.header('range'), size),
        );
        return objectResponse({
          object,
          filename: download.downloadName,
          contentType:
            download.contentType ?? object.info.contentType ?? 'application/octet-stream',
          download: !download.inline,
          activity,
        });
      },
    }),
    route({
      method: 'put',
      path: '/storage/local/:configId/put',
      tag: 'storage',
      summary: 'Upload to a local storage through a signed URL (the body is the file)',
      auth: 'public',
      params,
      query: signedQuery,
      response: z.object({ etag: z.string().nullable(), size: z.number() }),
      errors: [403],
      handler: async ({ params, query }, c) => {
        const stored = await transfers.put(
          params.configId,
          query,
          requestBodyStream(c),
          lengthOf(c.req.raw),
        );
        if (stored.etag) c.header('ETag', `"${stored.etag}"`);
        return stored;
      },
    }),
    route({
      method: 'put',
      path: '/storage/local/:configId/part',
      tag: 'storage',
      summary: 'Upload one part of a multipart upload to a local storage through a signed URL',
      auth: 'public',
      params,
      query: signedQuery,
      response: z.object({ etag: z.string() }),
      errors: [403],
      handler: async ({ params, query }, c) => {
        const part = await transfers.part(
          params.configId,
          query,
          requestBodyStream(c),
          lengthOf(c.req.raw),
        );
        c.header('ETag', `"${part.etag}"`);
        return part;
      },
    }),
  ];
}
