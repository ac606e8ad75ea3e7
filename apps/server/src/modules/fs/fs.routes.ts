import {
  EDIT_CONTENT_MAX_BYTES,
  filenameSchema,
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
import { validationFailed } from '../../app/errors';
import { MAX_FORM_OVERHEAD_BYTES, receiveUpload } from '../../app/multipart-upload';
import { requestBodyStream } from '../../app/request-stream';
import { type AnyRoute, type RouteAuth, route } from '../../app/route';
import { describeIssue, issueDetails } from '../../app/validation-issues';
import type { ActivityLog } from '../dashboard/activity.recorder';
import { fileTooLarge } from '../files/files.errors';
import { objectResponse } from '../storage/object-response';
import { listingAnswer } from './fs-listing-answer';
import {
  FILE_LINK_DEFAULT_SECONDS,
  FILE_LINK_MAX_SECONDS,
  type FsReadUseCases,
} from './fs-read.usecases';
import type { FsWriteUseCases } from './fs-write.usecases';
import { type DeleteJobs, LARGE_DELETE_FILES } from './transfers/fs-delete-job';
import type { TransferJobs } from './transfers/fs-transfer-job';
import { fsUploadRoutes } from './uploads/fs-upload.routes';
import type { FsUploadUseCases } from './uploads/fs-upload.usecases';

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
const uploadQuerySchema = z.object({ path: fsPathSchema.optional() });
/**
 * The text fields an upload form may carry (SPEC §7: path, use_multipart); any other is refused,
 * as in a JSON body. The server picks how to store the file itself: `use_multipart` changes nothing.
 */
const uploadFormFieldsSchema = z.strictObject({
  path: z.string().optional().describe('The folder the file goes into (or ?path=)'),
  use_multipart: z.string().optional().describe('Accepted and ignored: the server chooses'),
});
const uploadedSchema = z.object({
  path: z.string(),
  size: z.number().int(),
  etag: z.string().nullable(),
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
      method: 'post',
      path: `${prefix}/upload`,
      tag,
      summary:
        'Upload a file as multipart/form-data into the folder `path` (a field before the file, or the query), streamed to the storage (a file of at most 64 KiB is read whole first)',
      auth,
      query: uploadQuerySchema,
      form: uploadFormFieldsSchema.extend({
        file: z.string().describe('The file (binary); one file part per request'),
      }),
      response: uploadedSchema,
      status: 201,
      errors: [403, 409, 413],
      handler: async ({ principal, query }, c) => {
        const maxBytes = await maxUploadBytes();
        const declared = Number(c.req.header('content-length') ?? Number.NaN);
        if (declared - MAX_FORM_OVERHEAD_BYTES > maxBytes) throw fileTooLarge(maxBytes);
        return receiveUpload(
          c.req.header('content-type') ?? '',
          requestBodyStream(c),
          async (incoming) => {
            // Fields after the file are read once it is stored; only those before can be refused
            // with nothing written.
            checkFormFields(incoming.fieldsBefore);
            const folder =
              query.path ?? parseField(fsPathSchema, incoming.fieldsBefore.path, 'path');
            const name = parseField(filenameSchema, incoming.filename, 'file');
            const stored = await write.upload(principal, folder, name, incoming.stream, {
              contentType: incoming.mimeType,
              maxBytes,
              // The file is a part of the request: a small request's file is read whole.
              ...(Number.isFinite(declared) ? { sizeAtMost: declared } : {}),
            });
            // The form must end well (no second file, not cut off) for the answer to be 201.
            await incoming.allFields();
            return stored;
          },
        );
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

function checkFormFields(fields: Record<string, string>): void {
  const parsed = uploadFormFieldsSchema.safeParse(fields);
  if (parsed.success) return;
  const details = parsed.error.issues.flatMap((issue) => issueDetails('body', issue));
  throw validationFailed(details, describeIssue('body', details[0]));
}

function parseField<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const message =
    value === undefined
      ? `Send the ${field} field before the file`
      : parsed.error.issues[0]?.message;
  throw validationFailed([{ location: 'body', path: field, message }], message);
}

/** Copy, move and large deletes answer a job. */
interface FsJobStarters {
  transfers: Pick<TransferJobs, 'start'>;
  deletes: Pick<DeleteJobs, 'remove' | 'batchRemove'>;
}

export function createFsRoutes({
  read,
  write,
  uploads,
  jobs,
  maxUploadBytes,
  activity,
}: {
  read: FsReadUseCases;
  write: FsWriteUseCases;
  uploads: FsUploadUseCases;
  jobs: FsJobStarters;
  maxUploadBytes: () => Promise<number>;
  /** Downloads count their bytes out. */
  activity: ActivityLog;
}): AnyRoute[] {
  const userAuth: RouteAuth = { permission: 'mount' };
  return [
    ...fsRoutes('/admin/fs', 'admin', read, write, jobs, maxUploadBytes, activity),
    ...fsUploadRoutes('/admin/fs', 'admin', uploads),
    ...fsRoutes('/user/fs', userAuth, read, write, jobs, maxUploadBytes, activity),
    ...fsUploadRoutes('/user/fs', userAuth, uploads),
  ];
}
