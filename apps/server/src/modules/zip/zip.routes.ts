import { fsPathsRequestSchema } from '@sharebin/shared';
import type { Context } from 'hono';
import { z } from 'zod';
import { type AnyRoute, type RouteAuth, route } from '../../app/route';
import { toWebStream } from '../../app/web-stream';
import { contentDisposition } from '../shared/content-disposition';
import type { StreamedZipArchive, ZipArchive, ZipUseCases } from './zip.usecases';

const zipLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  expires_at: z.string(),
  /** The job planning the archive: its progress and cancel are the jobs routes'. */
  job_id: z.string(),
});
const tokenQuerySchema = z.object({
  token: z
    .string()
    .min(1)
    .max(4 * 1024),
});

const attachmentHeaders = (fileName: string) => ({
  'Content-Type': 'application/zip',
  'Content-Disposition': contentDisposition({ filename: fileName }),
  'Cache-Control': 'private, no-store',
  'Content-Security-Policy': "sandbox; default-src 'none'",
});

/**
 * An archive as an attachment, with an exact length, ranges and an ETag for `If-Range`; or,
 * streamed while still being listed, without a length (sent chunked) and not resumable.
 */
export function archiveResponse(archive: ZipArchive | StreamedZipArchive): Response {
  if ('streamed' in archive) {
    const headers = { ...attachmentHeaders(archive.fileName), 'Accept-Ranges': 'none' };
    return new Response(toWebStream(archive.body), { status: 200, headers });
  }
  const headers: Record<string, string> = {
    ...attachmentHeaders(archive.fileName),
    'Accept-Ranges': 'bytes',
    ETag: archive.etag,
  };
  const { range } = archive;
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${archive.size}`;
  headers['Content-Length'] = String(range ? range.end - range.start + 1 : archive.size);
  return new Response(toWebStream(archive.body), { status: range ? 206 : 200, headers });
}

export const rangeOf = (c: Context) => ({
  range: c.req.header('range'),
  ifRange: c.req.header('if-range'),
});

function zipRoutes(
  prefix: '/admin/fs' | '/user/fs',
  auth: RouteAuth,
  zip: ZipUseCases,
): AnyRoute[] {
  const tag = 'file system';
  const errors = [403, 404, 413, 416];
  return [
    route({
      method: 'post',
      path: `${prefix}/zip`,
      tag,
      summary:
        'A Zip64 archive of files and folders (stored); what cannot be read is listed in _failed-files.txt inside. Up to 10,000 entries in at most 64 folders (counted, not timed: the same paths always get the same kind of answer), it has an exact Content-Length, an ETag, and answers Range and If-Range; beyond that it streams at once without Content-Length (chunked, Accept-Ranges: none, a Range is ignored) and cannot be resumed: for a resumable download of a large folder use zip/link, whose GET always has an exact Content-Length and resumes with Range',
      auth,
      body: fsPathsRequestSchema,
      response: z.unknown(),
      produces: 'application/zip',
      errors,
      handler: async ({ principal, body }, c) =>
        archiveResponse(await zip.archive(principal, body.paths, rangeOf(c))),
    }),
    route({
      method: 'post',
      path: `${prefix}/zip/link`,
      tag,
      summary:
        'A link to the archive of `paths` that a browser or curl can GET (and resume) for an hour; a job (`job_id`) plans the archive meanwhile',
      auth,
      body: fsPathsRequestSchema,
      response: zipLinkSchema,
      errors: [403],
      handler: async ({ principal, body, origin }) => {
        const link = await zip.link(principal, body.paths);
        const url = `${origin}/api${prefix}/zip?token=${encodeURIComponent(link.token)}`;
        return { url, ...link };
      },
    }),
    route({
      method: 'get',
      path: `${prefix}/zip`,
      tag,
      summary:
        'The archive of a link made by `zip/link` (no credentials; Range supported); waits for its plan when still under way',
      auth: 'public',
      query: tokenQuerySchema,
      response: z.unknown(),
      produces: 'application/zip',
      errors: [401, 410, 503, ...errors],
      handler: async ({ query }, c) =>
        archiveResponse(await zip.linkArchive(query.token, rangeOf(c))),
    }),
  ];
}

export function createZipRoutes({ zip }: { zip: ZipUseCases }): AnyRoute[] {
  return [
    ...zipRoutes('/admin/fs', 'admin', zip),
    ...zipRoutes('/user/fs', { permission: 'mount' }, zip),
  ];
}
