import {
  commitRequestSchema,
  createdFileShareSchema,
  type FileShare,
  fileBatchDeleteRequestSchema,
  fileContentLinksSchema,
  fileIdRequestSchema,
  fileListQuerySchema,
  fileListSchema,
  filenameSchema,
  fileShareSchema,
  idParamSchema,
  multipartCompleteRequestSchema,
  multipartInitResponseSchema,
  multipartPartsRequestSchema,
  multipartPartsResponseSchema,
  presignRequestSchema,
  presignResponseSchema,
  publicFileSchema,
  slugParamSchema,
  updateFileShareRequestSchema,
  uploadFormSchema,
  urlRequestSchema,
} from '@sharebin/shared';
import { z } from 'zod';
import { validationFailed } from '../../app/errors';
import { MAX_FORM_OVERHEAD_BYTES, receiveUpload } from '../../app/multipart-upload';
import { requestBodyStream } from '../../app/request-stream';
import { type AnyRoute, type RouteAuth, route } from '../../app/route';
import { strictObjects } from '../../app/strict-body';
import { describeIssue, issueDetails } from '../../app/validation-issues';
import type { ActivityLog } from '../dashboard/activity.recorder';
import { givenSharePassword, sharePasswordHeaderSchema } from '../shares/share-password';
import { objectResponse, parseRange } from '../storage/object-response';
import type { TransfersUseCases } from '../transfers/transfers.usecases';
import { shareLinks } from './files.models';
import type { FilesUseCases } from './files.usecases';

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

function managementRoutes(
  files: FilesUseCases,
  prefix: '/admin' | '/user',
  auth: RouteAuth,
): AnyRoute[] {
  const whose = prefix === '/admin' ? 'every file share' : "the key's own file shares";
  return [
    route({
      method: 'get',
      path: `${prefix}/files`,
      tag: 'files',
      summary: `List ${whose}, newest first (limit, offset; search by name, slug or remark)`,
      auth,
      query: fileListQuerySchema,
      response: fileListSchema,
      handler: ({ principal, query }) => files.list(principal, query),
    }),
    route({
      method: 'get',
      path: `${prefix}/files/:id`,
      tag: 'files',
      summary: `Read one of ${whose}`,
      auth,
      params: idParamSchema,
      response: fileShareSchema,
      errors: [404],
      handler: ({ principal, params }) => files.get(principal, params.id),
    }),
    route({
      method: 'get',
      path: `${prefix}/files/:id/content-links`,
      tag: 'files',
      summary: `Short-lived preview and download addresses of one of ${whose}; counts no view`,
      auth,
      params: idParamSchema,
      response: fileContentLinksSchema,
      errors: [404],
      handler: ({ principal, params }) => files.ownerContentLinks(principal, params.id),
    }),
    route({
      method: 'put',
      path: `${prefix}/files/:id`,
      tag: 'files',
      summary: `Change the remark, slug, password, expiry or max views of one of ${whose}`,
      auth,
      params: idParamSchema,
      body: updateFileShareRequestSchema,
      response: fileShareSchema,
      errors: [404, 409],
      handler: ({ principal, params, body }) => files.update(principal, params.id, body),
    }),
    route({
      method: 'delete',
      path: `${prefix}/files/:id`,
      tag: 'files',
      summary: `Delete one of ${whose} and its object; \`uploading_only=1\` (the clean-up of a failed upload) leaves a committed share in place with 409`,
      auth,
      params: idParamSchema,
      query: z.object({
        uploading_only: z
          .enum(['0', '1'])
          .optional()
          .describe('1: delete only an upload not yet committed (a lost commit answer is safe)'),
      }),
      response: z.null(),
      errors: [404, 409],
      handler: async ({ principal, params, query }) => {
        await files.remove(principal, params.id, { uploadingOnly: query.uploading_only === '1' });
        return null;
      },
    }),
    route({
      method: 'post',
      path: `${prefix}/files/batch-delete`,
      tag: 'files',
      summary: `Delete several of ${whose} and their objects; unknown ids are skipped`,
      auth,
      body: fileBatchDeleteRequestSchema,
      response: z.object({ deleted: z.number() }),
      handler: ({ principal, body }) => files.removeMany(principal, body.ids),
    }),
  ];
}

/**
 * Presigned and multipart uploads: the browser sends the bytes straight to the storage. The
 * same calls serve uploads from a URL under `/url` (the browser fetched the file first).
 */
export function uploadFlowRoutes(transfers: TransfersUseCases, prefix: '/s3' | '/url'): AnyRoute[] {
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
      handler: ({ principal, body }) => transfers.presign(principal, body),
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
        withLinks(origin, await transfers.commit(principal, body)),
    }),
    route({
      method: 'post',
      path: `${prefix}/multipart/init`,
      tag: 'files',
      summary: `${flow} in parts, step 1: reserve the share and start a multipart upload`,
      auth,
      body: presignBody,
      response: multipartInitResponseSchema,
      errors: [403, 404, 409, 413],
      handler: ({ principal, body }) => transfers.multipartInit(principal, body),
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
      handler: ({ principal, body }) => transfers.multipartParts(principal, body),
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
        withLinks(origin, await transfers.multipartComplete(principal, body)),
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
        await transfers.abortUpload(principal, body);
        return null;
      },
    }),
  ];
}

export function createFilesRoutes({
  files,
  transfers,
  activity,
}: {
  files: FilesUseCases;
  transfers: TransfersUseCases;
  /** Downloads count their bytes out. */
  activity: ActivityLog;
}): AnyRoute[] {
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
        await transfers.checkUploadLength(
          Number(c.req.header('content-length') ?? Number.NaN) - MAX_FORM_OVERHEAD_BYTES,
        );
        return receiveUpload(
          c.req.header('content-type') ?? '',
          requestBodyStream(c),
          async (incoming) => {
            const filename = parseFormPart(filenameSchema, incoming.filename, 'file');
            let password: string | undefined;
            const share = await transfers.uploadStream(principal, {
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
    ...uploadFlowRoutes(transfers, '/s3'),
    ...managementRoutes(files, '/admin', 'admin'),
    ...managementRoutes(files, '/user', uploader),
    route({
      method: 'get',
      path: '/public/files/:slug',
      tag: 'files',
      summary:
        'Open a file share (counts one view); a protected one answers only that it needs a password',
      auth: 'public',
      params: slugParamSchema,
      response: publicFileSchema,
      errors: [404, 410],
      handler: ({ params }) => files.view(params.slug),
    }),
    route({
      method: 'post',
      path: '/public/files/:slug/verify',
      tag: 'files',
      summary:
        'Open a protected file share with its password (rate limited); answers short-lived content URLs',
      auth: 'public',
      params: slugParamSchema,
      body: z.object({ password: z.string().max(1024) }),
      response: publicFileSchema,
      errors: [401, 404, 410, 429],
      handler: ({ params, body, clientIp }) => files.verify(params.slug, body.password, clientIp),
    }),
    route({
      method: 'get',
      path: '/public/files/:slug/content',
      tag: 'files',
      summary:
        'The file itself (inline, or `download=1`), with Range support; `token` from a view, or none (a counted view; for a protected share the password, in the `X-Share-Password` header or `password`)',
      auth: 'public',
      params: slugParamSchema,
      query: z.object({
        token: z.string().min(1).max(200).optional(),
        /** For scripts, as `raw/{slug}?password=`: the request counts as a view (rate limited). */
        password: z.string().max(1024).optional(),
        download: z.enum(['0', '1']).optional(),
      }),
      headers: sharePasswordHeaderSchema,
      response: z.string(),
      produces: 'application/octet-stream',
      errors: [401, 404, 410, 416, 429],
      handler: async ({ params, query, headers, clientIp }, c) => {
        const download = query.download === '1';
        const content = await files.content({
          slug: params.slug,
          token: query.token,
          password: givenSharePassword(headers, query.password),
          clientIp,
          download,
          range: (size) => parseRange(c.req.header('range'), size),
        });
        if ('redirect' in content) {
          // The URL expires: neither the browser nor a proxy may keep this answer.
          return new Response(null, {
            status: 302,
            headers: { Location: content.redirect, 'Cache-Control': 'no-store' },
          });
        }
        return objectResponse({
          object: content.object,
          filename: content.share.filename,
          contentType: content.share.mimetype,
          download,
          activity,
        });
      },
    }),
  ];
}
