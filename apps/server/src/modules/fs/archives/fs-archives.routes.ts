import {
  EXTRACT_MAX_BYTES,
  EXTRACT_MAX_ENTRIES,
  EXTRACT_MAX_RATIO,
  fsArchiveListingSchema,
  fsExtractRequestSchema,
  fsJobAcceptedSchema,
  fsPathSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { type AnyRoute, type RouteAuth, route } from '../../../app/route';
import type { ActivityLog } from '../../dashboard/activity.recorder';
import { mimetypeFor } from '../../shared/media-types';
import { objectResponse } from '../../storage/object-response';
import { ARCHIVE_MAX_ENTRIES, type FsArchives } from './fs-archives.usecases';
import type { ExtractJobs } from './fs-extract.job';

const entryQuerySchema = z.object({
  path: fsPathSchema,
  entry: z.string().min(1).max(4096).describe('The file’s path inside the archive, as listed'),
  download: z.enum(['0', '1']).optional(),
});

export function createFsArchiveRoutes({
  archives,
  extract,
  activity,
}: {
  archives: FsArchives;
  extract: Pick<ExtractJobs, 'start'>;
  activity: ActivityLog;
}): AnyRoute[] {
  const tag = 'file system';
  const under = (prefix: '/admin/fs' | '/user/fs', auth: RouteAuth) => [
    route({
      method: 'get',
      path: `${prefix}/archive`,
      tag,
      summary: `The entries of a zip, tar or tar.gz (tgz) without extracting it: name, size, compressed size, modification time, folder or not, and whether extracting it would be unsafe (a link, or a name leaving its folder); at most ${ARCHIVE_MAX_ENTRIES}`,
      auth,
      query: z.object({ path: fsPathSchema }),
      response: fsArchiveListingSchema,
      errors: [400, 403, 404, 415, 422],
      handler: ({ principal, query }) => archives.list(principal, query.path),
    }),
    route({
      method: 'get',
      path: `${prefix}/archive/entry`,
      tag,
      summary:
        'One file of an archive, streamed out of it (inline with the safe headers of user content, or `download=1`)',
      auth,
      query: entryQuerySchema,
      response: z.string(),
      produces: 'application/octet-stream',
      errors: [400, 403, 404, 415, 422],
      handler: async ({ principal, query }) => {
        const file = await archives.entry(principal, query.path, query.entry);
        const response = objectResponse({
          object: {
            body: file.stream,
            info: {
              key: file.name,
              size: file.size,
              etag: null,
              lastModified: null,
              contentType: null,
            },
          },
          filename: file.name,
          contentType: mimetypeFor(file.name, undefined),
          download: query.download === '1',
          activity,
        });
        // Streamed out of the archive: no ranges.
        response.headers.delete('Accept-Ranges');
        return response;
      },
    }),
    route({
      method: 'post',
      path: `${prefix}/extract`,
      tag,
      summary: `Extract a zip, tar or tar.gz into the folder \`targetPath\` (made when missing) as a job (answers its \`job_id\`); \`conflict\` decides for files already there, as for a copy. Links and names leaving the folder are not extracted (failed items); an archive of more than ${EXTRACT_MAX_ENTRIES} entries, ${EXTRACT_MAX_BYTES} bytes, or expanding more than ${EXTRACT_MAX_RATIO} times its size fails whole, with nothing written`,
      auth,
      body: fsExtractRequestSchema,
      response: fsJobAcceptedSchema,
      status: 202,
      errors: [400, 403, 404, 415],
      handler: ({ principal, body }) => extract.start(principal, body),
    }),
  ];
  return [...under('/admin/fs', 'admin'), ...under('/user/fs', { permission: 'mount' })];
}
