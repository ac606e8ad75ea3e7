import {
  filenameSchema,
  fsBatchCopyCommitRequestSchema,
  fsBatchResultSchema,
  fsMultipartAbortRequestSchema,
  fsMultipartCompleteRequestSchema,
  fsMultipartInitRequestSchema,
  fsMultipartInitResponseSchema,
  fsMultipartPartQuerySchema,
  fsMultipartPartResponseSchema,
  fsMultipartUploadsResponseSchema,
  fsPathSchema,
  fsPresignCommitRequestSchema,
  fsPresignRequestSchema,
  fsPresignResponseSchema,
  fsUploadedSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { validationFailed } from '../../../app/errors';
import { MAX_FORM_OVERHEAD_BYTES, receiveUpload } from '../../../app/multipart-upload';
import { requestBodyStream } from '../../../app/request-stream';
import { type AnyRoute, type RouteAuth, route } from '../../../app/route';
import { describeIssue, issueDetails } from '../../../app/validation-issues';
import { fileTooLarge } from '../../files/files.errors';
import type { FsWriteUseCases } from '../../fs/fs-write.usecases';
import type { ProxyPartUrl } from '../multipart/mount-multipart.usecases';
import type { MountUploads } from './mount-uploads.usecases';

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

const declaredLength = (header: string | undefined) => {
  const length = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(length) ? length : null;
};

/** Form, multipart and presigned uploads and client-side-copy commits under one file-system prefix. */
export function mountUploadRoutes(
  prefix: '/admin/fs' | '/user/fs',
  auth: RouteAuth,
  { multipart, presigned }: MountUploads,
  write: Pick<FsWriteUseCases, 'upload'>,
  maxUploadBytes: () => Promise<number>,
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
      method: 'get',
      path: `${prefix}/multipart/uploads`,
      tag,
      summary:
        'The resumable multipart uploads into the folder `path` (your own; an admin sees all), each with the parts the storage holds and when it is aborted if idle',
      auth,
      query: z.object({ path: fsPathSchema }),
      response: fsMultipartUploadsResponseSchema,
      errors: [403, 404],
      handler: async ({ principal, query }) => ({
        uploads: await multipart.uploads(principal, query.path),
      }),
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
