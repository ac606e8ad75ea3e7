import {
  EDIT_CONTENT_MAX_BYTES,
  fsBatchResultSchema,
  fsEntrySchema,
  fsFileLinkSchema,
  fsJobAcceptedSchema,
  fsListingSchema,
  fsPathRequestSchema,
  fsPathSchema,
  fsPathsRequestSchema,
  fsRenameRequestSchema,
  fsTransferRequestSchema,
  fsUpdateRequestSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { type AnyRoute, type RouteAuth, route } from '../../app/route';
import type { ActivityLog } from '../dashboard/activity.recorder';
import { objectResponse } from '../storage/object-response';
import { listingAnswer } from './fs-listing.response';
import {
  FILE_LINK_DEFAULT_SECONDS,
  FILE_LINK_MAX_SECONDS,
  type FsReadUseCases,
} from './fs-read.usecases';
import type { FsWriteUseCases } from './fs-write.usecases';
import { type DeleteJobs, LARGE_DELETE_FILES } from './transfers/fs-delete.job';
import type { TransferJobs } from './transfers/fs-transfer.job';

const flagSchema = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const listQuerySchema = z.object({ path: fsPathSchema, refresh: flagSchema });
const downloadQuerySchema = z.object({ path: fsPathSchema, inline: flagSchema });
const fileLinkQuerySchema = z.object({
  path: fsPathSchema,
  force_download: flagSchema,
  expires_in: z.coerce
    .number()
    .int()
    .min(1)
    .max(FILE_LINK_MAX_SECONDS)
    .default(FILE_LINK_DEFAULT_SECONDS),
});

/** The file-system calls of SPEC §7 under one prefix. */
function fsRoutes(
  prefix: '/admin/fs' | '/user/fs',
  auth: RouteAuth,
  read: FsReadUseCases,
  write: FsWriteUseCases,
  { transfers, deletes }: FsJobStarters,
  maxUploadBytes: () => Promise<number>,
  activity: ActivityLog,
): AnyRoute[] {
  const tag = 'file system';
  /** Move and batch-copy differ only in their kind: both answer the job that does the work. */
  const transferRoute = (kind: 'move' | 'copy', call: string, verb: string) =>
    route({
      method: 'post',
      path: `${prefix}/${call}`,
      tag,
      summary: `${verb} files and folders, each to its destination \`targetPath\` (folder and name; one ending in \`/\` is the folder it goes into), across mounts and storages too, as a job (answers its \`job_id\`)`,
      auth,
      body: fsTransferRequestSchema,
      response: fsJobAcceptedSchema,
      status: 202,
      errors: [403, 404, 409],
      handler: ({ principal, body }) => transfers.start(kind, principal, body),
    });
  return [
    route({
      method: 'get',
      path: `${prefix}/list`,
      tag,
      summary:
        'List a folder: `/` lists the mount points; answers an ETag, and 304 to a matching If-None-Match',
      auth,
      query: listQuerySchema,
      response: fsListingSchema,
      errors: [403, 404],
      handler: async ({ principal, query }, c) =>
        listingAnswer(c, await read.list(principal, query.path, { refresh: query.refresh })),
    }),
    route({
      method: 'get',
      path: `${prefix}/get`,
      tag,
      summary: 'Describe one file or folder',
      auth,
      query: fsPathRequestSchema,
      response: fsEntrySchema,
      errors: [403, 404],
      handler: ({ principal, query }) => read.get(principal, query.path),
    }),
    route({
      method: 'get',
      path: `${prefix}/download`,
      tag,
      summary: 'The bytes of a file (Range supported), as an attachment unless `inline=true`',
      auth,
      query: downloadQuerySchema,
      response: z.unknown(),
      produces: 'application/octet-stream',
      errors: [403, 404, 416],
      handler: async ({ principal, query }, c) => {
        const file = await read.download(principal, query.path, c.req.header('range'));
        return objectResponse({
          object: file.object,
          filename: file.name,
          contentType: file.contentType,
          download: !query.inline,
          activity,
        });
      },
    }),
    route({
      method: 'get',
      path: `${prefix}/file-link`,
      tag,
      summary: 'A link that downloads the file without credentials until it expires',
      auth,
      query: fileLinkQuerySchema,
      response: fsFileLinkSchema,
      errors: [403, 404],
      handler: ({ principal, query, origin }) =>
        read.fileLink(principal, query.path, {
          forceDownload: query.force_download,
          expiresIn: query.expires_in,
          origin,
        }),
    }),
    route({
      method: 'post',
      path: `${prefix}/mkdir`,
      tag,
      summary: 'Create a folder (and its parents)',
      auth,
      body: fsPathRequestSchema,
      response: z.null(),
      status: 201,
      errors: [403, 409],
      handler: async ({ principal, body }) => {
        await write.mkdir(principal, body.path);
        return null;
      },
    }),
    route({
      method: 'delete',
      path: `${prefix}/remove`,
      tag,
      summary: `Delete a file, or a folder with everything in it; a folder of more than ${LARGE_DELETE_FILES} files is deleted by a job, whose \`job_id\` the answer names (else \`null\`)`,
      auth,
      query: fsPathRequestSchema,
      response: fsJobAcceptedSchema.nullable(),
      errors: [403, 404],
      handler: ({ principal, query }) => deletes.remove(principal, query.path),
    }),
    route({
      method: 'post',
      path: `${prefix}/batch-remove`,
      tag,
      summary:
        'Delete several files and folders; answers what was done and what failed, and the `job_id` deleting the large folders among them',
      auth,
      body: fsPathsRequestSchema,
      response: fsBatchResultSchema,
      errors: [403],
      handler: ({ principal, body }) => deletes.batchRemove(principal, body.paths),
    }),
    route({
      method: 'post',
      path: `${prefix}/rename`,
      tag,
      summary: 'Give a file or folder a new name in the same folder',
      auth,
      body: fsRenameRequestSchema,
      response: z.null(),
      errors: [403, 404, 409],
      handler: async ({ principal, body }) => {
        await write.rename(principal, body.oldPath, body.newPath);
        return null;
      },
    }),
    transferRoute('move', 'move', 'Move'),
    transferRoute('copy', 'batch-copy', 'Copy'),
    route({
      method: 'post',
      path: `${prefix}/update`,
      tag,
      summary: 'Save text into a file (at most 10 MB)',
      auth,
      body: fsUpdateRequestSchema,
      // JSON escapes can double the text's size on the wire.
      bodyLimit: 2 * EDIT_CONTENT_MAX_BYTES + 64 * 1024,
      response: z.null(),
      errors: [403, 413],
      handler: async ({ principal, body }) => {
        await write.update(principal, body.path, body.content, await maxUploadBytes());
        return null;
      },
    }),
  ];
}

/** Copy, move and large deletes answer a job. */
interface FsJobStarters {
  transfers: Pick<TransferJobs, 'start'>;
  deletes: Pick<DeleteJobs, 'remove' | 'batchRemove'>;
}

export function createFsRoutes({
  read,
  write,
  jobs,
  maxUploadBytes,
  activity,
}: {
  read: FsReadUseCases;
  write: FsWriteUseCases;
  jobs: FsJobStarters;
  maxUploadBytes: () => Promise<number>;
  /** Downloads count their bytes out. */
  activity: ActivityLog;
}): AnyRoute[] {
  const userAuth: RouteAuth = { permission: 'mount' };
  return [
    ...fsRoutes('/admin/fs', 'admin', read, write, jobs, maxUploadBytes, activity),
    ...fsRoutes('/user/fs', userAuth, read, write, jobs, maxUploadBytes, activity),
  ];
}
