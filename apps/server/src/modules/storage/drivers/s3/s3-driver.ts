import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '../../../shared/content-disposition';
import { meterThrough } from '../byte-meter';
import {
  assertContentLength,
  assertExpiry,
  assertPartNumber,
  assertRange,
  assertValidKey,
  assertValidPrefix,
  discardBody,
  listLimit,
  sortedParts,
  stripQuotes,
} from '../driver-arguments';
import type { ObjectInfo, StorageDriver, UploadedPart } from '../storage-driver';
import { MultipartError, ObjectNotFoundError, StorageBackendError } from '../storage-driver.errors';
import { type S3CallContext, toDriverError } from './s3-errors';
import { createS3Fs, DEFAULT_MULTIPART_COPY, type MultipartCopyOptions } from './s3-fs';
import { s3RetryStrategy } from './s3-retries';

export interface S3DriverOptions {
  /** Omitted for AWS itself; e.g. `https://<account>.r2.cloudflarestorage.com`. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Folder inside the bucket that holds every key of this storage (`a/b`, no slashes around). */
  defaultFolder?: string;
  /** `https://cdn.example.com`: replaces scheme and host of presigned GET URLs. */
  customHost?: string;
  timeouts: S3Timeouts;
  /** When copies go part by part (tests lower it to stay small). */
  multipartCopy?: MultipartCopyOptions;
  /**
   * Where the SDK's own messages go. Without one it writes warnings to the console, e.g. for
   * every upload a client aborts; the errors themselves reach the caller as thrown errors.
   */
  sdkLogger?: S3SdkLogger;
}

export type S3SdkLogger = Record<
  'trace' | 'debug' | 'info' | 'warn' | 'error',
  (...content: unknown[]) => void
>;

/**
 * Without them a frozen storage holds a request forever. The idle limit, not a total one,
 * bounds a call: a large part or download may take long, but never long in silence. A call
 * that times out is not tried again (s3-retries.ts), so a frozen storage surfaces after one
 * timeout. Both come from STORAGE_TIMEOUT.
 */
export interface S3Timeouts {
  /** To establish the connection. */
  connectMs: number;
  /**
   * Longest silence on the socket: the wait for the answer's first byte, and while a body flows.
   * From 6 s up the SDK arms it 3 s after the request starts, so a first silence may last 3 s more.
   */
  idleMs: number;
}

export const DEFAULT_S3_TIMEOUTS: S3Timeouts = { connectMs: 10_000, idleMs: 10_000 };

/** lib-storage keeps about queueSize × partSize in memory per upload of unknown length. */
const UPLOAD_PART_SIZE = 8 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 3;
const DELETE_BATCH_SIZE = 1000;

/**
 * `client` for one lib-storage Upload, which tells `started` the id of the multipart upload it
 * creates before it sends the first part (lib-storage keeps the id to itself).
 */
function reportingMultipartStart(
  client: S3Client,
  started: (uploadId: string) => Promise<void>,
): S3Client {
  const send = async (...args: Parameters<S3Client['send']>) => {
    const output = await (client.send as (...a: typeof args) => Promise<unknown>)(...args);
    const uploadId = (output as { UploadId?: string }).UploadId;
    const command = args[0];
    if (!(command instanceof CreateMultipartUploadCommand) || !uploadId) return output;
    try {
      await started(uploadId);
    } catch (error) {
      // Not kept anywhere, so not left open either.
      const { Bucket, Key } = command.input;
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
        .catch(() => {});
      throw error;
    }
    return output;
  };
  return Object.create(client, { send: { value: send } }) as S3Client;
}

export function createS3Driver(options: S3DriverOptions): StorageDriver {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default checksums on streamed bodies (aws-chunked trailers) are not understood
    // by many S3-compatible stores and corrupt objects on some; checksums only where required.
    ...(options.sdkLogger ? { logger: options.sdkLogger } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Options of the SDK's NodeHttpHandler, which it builds from them (presigning is offline).
    requestHandler: {
      connectionTimeout: options.timeouts.connectMs,
      socketTimeout: options.timeouts.idleMs,
    },
    retryStrategy: s3RetryStrategy,
  });
  const folder = folderPrefix(options.defaultFolder);
  const downloadOrigin = options.customHost ? parseCustomHost(options.customHost) : null;

  const toObjectKey = (key: string) => {
    assertValidKey(key);
    return folder + key;
  };
  const fromObjectKey = (objectKey: string) => objectKey.slice(folder.length);

  async function call<T>(context: S3CallContext, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toDriverError(error, context);
    }
  }

  const fs = createS3Fs(
    {
      client,
      bucket,
      folder,
      call,
      multipartCopy: options.multipartCopy ?? DEFAULT_MULTIPART_COPY,
    },
    () => driver,
  );

  const driver: StorageDriver = {
    capabilities: {
      presign: true,
      directUrls: true,
      multipart: true,
      serverSideCopy: true,
      networkListings: true,
      hostFolder: false,
      readOnly: false,
    },

    async put(key, body, { contentType, contentLength, onMultipartStarted } = {}) {
      let Key: string;
      try {
        Key = toObjectKey(key);
        assertContentLength(contentLength);
      } catch (error) {
        discardBody(body);
        throw error;
      }
      const abortController = new AbortController();
      const meter = meterThrough(body, {
        expectedLength: contentLength,
        onFailure: (error) => abortController.abort(error),
      });
      const result = await call({ key }, async () => {
        try {
          if (contentLength !== undefined) {
            return await client.send(
              new PutObjectCommand({
                Bucket: bucket,
                Key,
                Body: meter,
                ContentLength: contentLength,
                ContentType: contentType,
              }),
              { abortSignal: abortController.signal },
            );
          }
          // Unknown length: S3 refuses chunked PUTs, so stream it as a multipart upload.
          const upload = new Upload({
            client: onMultipartStarted
              ? reportingMultipartStart(client, onMultipartStarted)
              : client,
            params: { Bucket: bucket, Key, Body: meter, ContentType: contentType },
            partSize: UPLOAD_PART_SIZE,
            queueSize: UPLOAD_QUEUE_SIZE,
            abortController,
          });
          return await upload.done();
        } catch (error) {
          meter.destroy();
          // The SDK reports a stream we failed on purpose as a network error; say why.
          throw meter.failure ?? error;
        }
      });
      return { etag: result.ETag ? stripQuotes(result.ETag) : null, size: meter.bytes };
    },

    async get(key, { range } = {}) {
      const Key = toObjectKey(key);
      if (range) assertRange(range);
      const output = await call({ key }, () =>
        client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key,
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        ),
      );
      if (!(output.Body instanceof Readable)) {
        throw new StorageBackendError('S3 returned no readable body');
      }
      const info: ObjectInfo = {
        key,
        size: output.ContentLength ?? 0,
        etag: output.ETag ? stripQuotes(output.ETag) : null,
        lastModified: output.LastModified ?? null,
        contentType: output.ContentType ?? null,
      };
      if (!range) return { body: output.Body, info };
      const returned = parseContentRange(output.ContentRange);
      if (!returned) {
        output.Body.destroy();
        throw new StorageBackendError('S3 answered a range request without Content-Range');
      }
      return { body: output.Body, info: { ...info, size: returned.total }, range: returned };
    },

    async head(key) {
      const Key = toObjectKey(key);
      try {
        const output = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return {
          key,
          size: output.ContentLength ?? 0,
          etag: output.ETag ? stripQuotes(output.ETag) : null,
          lastModified: output.LastModified ?? null,
          contentType: output.ContentType ?? null,
        };
      } catch (error) {
        const mapped = toDriverError(error, { key });
        if (mapped instanceof ObjectNotFoundError) return null;
        throw mapped;
      }
    },

    async delete(key) {
      const Key = toObjectKey(key);
      await call({ key }, () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key })));
      await fs.pruneEmptyFolders([key]);
    },

    async deleteMany(keys) {
      const objectKeys = keys.map(toObjectKey);
      for (let offset = 0; offset < objectKeys.length; offset += DELETE_BATCH_SIZE) {
        const batch = objectKeys.slice(offset, offset + DELETE_BATCH_SIZE);
        const output = await call({}, () =>
          client.send(
            new DeleteObjectsCommand({
              Bucket: bucket,
              Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
            }),
          ),
        );
        // DeleteObjects answers 200 even when some keys failed; the failures are in the body.
        const failed = output.Errors?.[0];
        if (failed) {
          throw new StorageBackendError(
            `S3 could not delete ${output.Errors?.length} object(s), first: ${failed.Code ?? 'error'}`,
          );
        }
      }
      await fs.pruneEmptyFolders(keys);
    },

    async list(prefix, { cursor, limit, delimiter = false } = {}) {
      assertValidPrefix(prefix);
      const output = await call({}, () =>
        client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: folder + prefix,
            Delimiter: delimiter ? '/' : undefined,
            MaxKeys: listLimit(limit),
            ContinuationToken: cursor,
          }),
        ),
      );
      return {
        objects: (output.Contents ?? []).flatMap((object) =>
          object.Key === undefined
            ? []
            : [
                {
                  key: fromObjectKey(object.Key),
                  size: object.Size ?? 0,
                  etag: object.ETag ? stripQuotes(object.ETag) : null,
                  lastModified: object.LastModified ?? null,
                  contentType: null,
                },
              ],
        ),
        prefixes: (output.CommonPrefixes ?? []).flatMap((common) =>
          common.Prefix === undefined ? [] : [fromObjectKey(common.Prefix)],
        ),
        nextCursor: output.IsTruncated ? (output.NextContinuationToken ?? null) : null,
      };
    },

    async copy(sourceKey, targetKey) {
      assertValidKey(sourceKey);
      assertValidKey(targetKey);
      await fs.copyObject(sourceKey, targetKey);
    },

    async presignPut(key, { contentType, contentLength, expiresInSeconds }) {
      const Key = toObjectKey(key);
      assertExpiry(expiresInSeconds);
      assertContentLength(contentLength);
      const command = new PutObjectCommand({
        Bucket: bucket,
        Key,
        ContentType: contentType,
        ContentLength: contentLength,
      });
      // The presigner leaves Content-Type unsigned unless asked; signing it keeps uploaders
      // from storing a type other than the one the server approved.
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: contentType ? new Set(['content-type']) : undefined,
      });
      const headers: Record<string, string> = contentType ? { 'Content-Type': contentType } : {};
      return { url, headers };
    },

    async presignGet(key, { expiresInSeconds, downloadName, contentType, inline = false }) {
      const Key = toObjectKey(key);
      assertExpiry(expiresInSeconds);
      const wantsDisposition = downloadName !== undefined || inline;
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key,
          ResponseContentDisposition: wantsDisposition
            ? contentDisposition({ filename: downloadName, inline })
            : undefined,
          ResponseContentType: contentType,
        }),
        { expiresIn: expiresInSeconds },
      );
      return downloadOrigin ? withOrigin(url, downloadOrigin) : url;
    },

    async createMultipart(key, { contentType } = {}) {
      const Key = toObjectKey(key);
      const output = await call({ key }, () =>
        client.send(
          new CreateMultipartUploadCommand({ Bucket: bucket, Key, ContentType: contentType }),
        ),
      );
      if (!output.UploadId) throw new StorageBackendError('S3 returned no upload id');
      return { uploadId: output.UploadId };
    },

    async presignPart(key, uploadId, partNumber, expiresInSeconds, contentLength) {
      const Key = toObjectKey(key);
      assertPartNumber(partNumber);
      assertExpiry(expiresInSeconds);
      assertContentLength(contentLength);
      // A signed Content-Length makes S3 refuse a part of any other length.
      return getSignedUrl(
        client,
        new UploadPartCommand({
          Bucket: bucket,
          Key,
          UploadId: uploadId,
          PartNumber: partNumber,
          ContentLength: contentLength,
        }),
        { expiresIn: expiresInSeconds },
      );
    },

    async uploadPart(key, uploadId, partNumber, body, contentLength) {
      let Key: string;
      try {
        Key = toObjectKey(key);
        assertPartNumber(partNumber);
        assertContentLength(contentLength);
        if (contentLength === undefined) {
          throw new MultipartError('length_required', 'S3 part uploads need a Content-Length');
        }
      } catch (error) {
        discardBody(body);
        throw error;
      }
      const abortController = new AbortController();
      const meter = meterThrough(body, {
        expectedLength: contentLength,
        onFailure: (error) => abortController.abort(error),
      });
      const output = await call({ key, uploadId }, async () => {
        try {
          return await client.send(
            new UploadPartCommand({
              Bucket: bucket,
              Key,
              UploadId: uploadId,
              PartNumber: partNumber,
              Body: meter,
              ContentLength: contentLength,
            }),
            { abortSignal: abortController.signal },
          );
        } catch (error) {
          meter.destroy();
          throw meter.failure ?? error;
        }
      });
      // A 2xx without an ETag cannot be completed later, so it is not a success either.
      if (!output.ETag) throw new StorageBackendError('S3 accepted a part without an ETag');
      return { etag: stripQuotes(output.ETag) };
    },

    async listParts(key, uploadId) {
      const Key = toObjectKey(key);
      const parts: UploadedPart[] = [];
      let marker: string | undefined;
      do {
        const output = await call({ key, uploadId }, () =>
          client.send(
            new ListPartsCommand({
              Bucket: bucket,
              Key,
              UploadId: uploadId,
              PartNumberMarker: marker,
            }),
          ),
        );
        for (const part of output.Parts ?? []) {
          if (part.PartNumber === undefined || !part.ETag) continue;
          parts.push({
            partNumber: part.PartNumber,
            etag: stripQuotes(part.ETag),
            size: part.Size ?? 0,
          });
        }
        marker = output.IsTruncated ? output.NextPartNumberMarker : undefined;
      } while (marker);
      return parts;
    },

    async completeMultipart(key, uploadId, parts) {
      const Key = toObjectKey(key);
      const ordered = sortedParts(parts);
      const output = await call({ key, uploadId }, () =>
        client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key,
            UploadId: uploadId,
            MultipartUpload: {
              Parts: ordered.map((part) => ({
                PartNumber: part.partNumber,
                ETag: `"${stripQuotes(part.etag)}"`,
              })),
            },
          }),
        ),
      );
      return { etag: output.ETag ? stripQuotes(output.ETag) : null };
    },

    async abortMultipart(key, uploadId) {
      const Key = toObjectKey(key);
      try {
        await client.send(
          new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId: uploadId }),
        );
      } catch (error) {
        const mapped = toDriverError(error, { key, uploadId });
        if (mapped instanceof MultipartError && mapped.reason === 'upload_not_found') return;
        throw mapped;
      }
    },

    async listMultipartUploads(prefix = '') {
      assertValidPrefix(prefix);
      const uploads: { key: string; uploadId: string; initiated: Date | null }[] = [];
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const output = await call({}, () =>
          client.send(
            new ListMultipartUploadsCommand({
              Bucket: bucket,
              Prefix: folder + prefix,
              KeyMarker: keyMarker,
              UploadIdMarker: uploadIdMarker,
            }),
          ),
        );
        for (const upload of output.Uploads ?? []) {
          if (upload.Key === undefined || upload.UploadId === undefined) continue;
          uploads.push({
            key: fromObjectKey(upload.Key),
            uploadId: upload.UploadId,
            initiated: upload.Initiated ?? null,
          });
        }
        keyMarker = output.IsTruncated ? output.NextKeyMarker : undefined;
        uploadIdMarker = output.IsTruncated ? output.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return uploads;
    },

    // Nothing of ours is written half-way to a bucket; open multipart uploads are listed apart.
    removeStaleTemporaryFiles: async () => 0,

    async close() {
      client.destroy();
    },

    stat: fs.stat,
    mkdir: fs.mkdir,
    listDirectory: fs.listDirectory,
    deletePrefix: fs.deletePrefix,
    move: fs.move,
    copyPrefix: fs.copyPrefix,
  };
  return driver;
}

function folderPrefix(defaultFolder: string | undefined): string {
  const folder = (defaultFolder ?? '').replace(/^\/+|\/+$/g, '');
  if (folder === '') return '';
  assertValidKey(folder);
  return `${folder}/`;
}

function parseCustomHost(customHost: string): URL {
  const url = new URL(customHost);
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== '/' ||
    url.search
  ) {
    throw new TypeError('customHost must be an http(s) origin such as https://cdn.example.com');
  }
  return url;
}

/** Only scheme, host and port change: the signed path and query must stay as they are. */
function withOrigin(signedUrl: string, origin: URL): string {
  const url = new URL(signedUrl);
  url.protocol = origin.protocol;
  url.hostname = origin.hostname;
  // Set on its own: assigning a host without a port would keep the endpoint's port.
  url.port = origin.port;
  return url.toString();
}

function parseContentRange(header: string | undefined) {
  const match = header?.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) };
}
