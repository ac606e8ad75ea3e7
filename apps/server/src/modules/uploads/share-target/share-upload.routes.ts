import {
  commitRequestSchema,
  createdFileShareSchema,
  type FileShare,
  fileIdRequestSchema,
  filenameSchema,
  multipartCompleteRequestSchema,
  multipartInitRequestSchema,
  multipartInitResponseSchema,
  multipartPartsRequestSchema,
  multipartPartsResponseSchema,
  presignRequestSchema,
  presignResponseSchema,
  uploadFormSchema,
  urlRequestSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { validationFailed } from '../../../app/errors';
import { MAX_FORM_OVERHEAD_BYTES, receiveUpload } from '../../../app/multipart-upload';
import { requestBodyStream } from '../../../app/request-stream';
import { type AnyRoute, type RouteAuth, route } from '../../../app/route';
import { strictObjects } from '../../../app/strict-body';
import { describeIssue, issueDetails } from '../../../app/validation-issues';
import { shareLinks } from '../../files/files.models';
import type { ShareUploads } from './share-uploads.usecases';

/** A new share's answer: the share with its absolute page and download addresses. */
const withLinks = (origin: string, share: FileShare, password?: string) => ({
  ...share,
  ...shareLinks(origin, share, password),
});

/** The text fields of an upload form, strict like a JSON body: an unknown field is refused. */
const uploadFields = strictObjects(uploadFormSchema);

/** Checks one part of an upload form; a refusal names the field, or `file` for the file itself. */
function parseFormPart<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where?: string,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues
    .flatMap((issue) => issueDetails('body', issue))
    .map((detail) => ({ ...detail, path: where ?? (detail.path || 'file') }));
  throw validationFailed(details, describeIssue('body', details[0]));
}

/**
 * Presigned and multipart uploads: the browser sends the bytes straight to the storage. The
 * same calls serve uploads from a URL under `/url` (the browser fetched the file first).
 */
export function uploadFlowRoutes(uploads: ShareUploads, prefix: '/s3' | '/url'): AnyRoute[] {
  const auth: RouteAuth = { permission: 'file' };
  const flow = prefix === '/s3' ? 'Presigned upload' : 'URL upload';
  const presignBody =
    prefix === '/s3'
      ? presignRequestSchema
      : presignRequestSchema.extend(urlRequestSchema.partial().shape);
  // SPEC §7 sends no size to url/presign: the limits then apply at the commit.
  const singlePutBody =
    prefix === '/s3'
      ? presignBody
      : presignBody.extend({ size: presignRequestSchema.shape.size.optional() });
  return [
    route({
      method: 'post',
      path: `${prefix}/presign`,
      tag: 'files',
      summary: `${flow}, step 1: reserve the share and get a URL to PUT the file to`,
      auth,
      body: singlePutBody,
      response: presignResponseSchema,
      errors: [403, 404, 409, 413],
      handler: ({ principal, body }) => uploads.presign(principal, body),
    }),
    route({
      method: 'post',
      path: `${prefix}/commit`,
      tag: 'files',
      summary: `${flow}, step 2: check the stored object and make the share live`,
      auth,
      body: commitRequestSchema,
      response: createdFileShareSchema,
      // 400: the object is missing or of another size; the reservation is gone then.
      errors: [400, 404, 409],
      handler: async ({ principal, body, origin }) =>
        withLinks(origin, await uploads.commit(principal, body)),
    }),
    route({
      method: 'post',
      path: `${prefix}/multipart/init`,
      tag: 'files',
      summary: `${flow} in parts, step 1: reserve the share and start a multipart upload`,
      auth,
      body: presignBody.extend({ fingerprint: multipartInitRequestSchema.shape.fingerprint }),
      response: multipartInitResponseSchema,
      errors: [403, 404, 409, 413],
      handler: ({ principal, body }) => uploads.multipartInit(principal, body),
    }),
    route({
      method: 'post',
      path: `${prefix}/multipart/parts`,
      tag: 'files',
      summary: `${flow} in parts, step 2: presigned PUT URLs for up to 100 parts`,
      auth,
      body: multipartPartsRequestSchema,
      response: multipartPartsResponseSchema,
      errors: [404, 409],
      handler: ({ principal, body }) => uploads.multipartParts(principal, body),
    }),
    route({
      method: 'post',
      path: `${prefix}/multipart/complete`,
      tag: 'files',
      summary: `${flow} in parts, step 3: join the parts and make the share live`,
      auth,
      body: multipartCompleteRequestSchema,
      response: createdFileShareSchema,
      errors: [400, 404, 409],
      handler: async ({ principal, body, origin }) =>
        withLinks(origin, await uploads.multipartComplete(principal, body)),
    }),
    route({
      method: 'post',
      path: `${prefix}/multipart/abort`,
      tag: 'files',
      summary: `${flow} in parts: cancel; aborts the upload in the storage and drops the share`,
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

/** The share uploads of the web app and scripts: a streamed form, presigned and multipart. */
export function shareUploadRoutes(uploads: ShareUploads): AnyRoute[] {
  const uploader: RouteAuth = { permission: 'file' };
  return [
    route({
      method: 'post',
      path: '/upload',
      tag: 'files',
      summary:
        'Upload a file as multipart/form-data (fields before or after `file`), streamed to the storage; the share goes live once the whole form is read and valid',
      auth: uploader,
      form: uploadFormSchema.extend({
        file: z.string().describe('The file (binary); one file part per request'),
      }),
      response: createdFileShareSchema,
      status: 201,
      errors: [403, 404, 409, 413],
      handler: async ({ principal, origin }, c) => {
        // Refused before a byte of the body is read: the form can be no larger than the file
        // plus the parser's bounded allowance for fields.
        await uploads.checkUploadLength(
          Number(c.req.header('content-length') ?? Number.NaN) - MAX_FORM_OVERHEAD_BYTES,
        );
        return receiveUpload(
          c.req.header('content-type') ?? '',
          requestBodyStream(c),
          async (incoming) => {
            const filename = parseFormPart(filenameSchema, incoming.filename, 'file');
            let password: string | undefined;
            const share = await uploads.uploadStream(principal, {
              filename,
              mimetype: incoming.mimeType,
              fieldsBefore: parseFormPart(uploadFields, incoming.fieldsBefore),
              allFields: async () => {
                const fields = parseFormPart(uploadFields, await incoming.allFields());
                password = fields.password || undefined;
                return fields;
              },
              body: incoming.stream,
            });
            return withLinks(origin, share, password);
          },
        );
      },
    }),
    ...uploadFlowRoutes(uploads, '/s3'),
  ];
}
