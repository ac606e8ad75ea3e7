import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { meterThrough } from '../byte-meter';
import {
  assertContentLength,
  assertRange,
  assertValidKey,
  assertValidPrefix,
  discardBody,
  listLimit,
  stripQuotes,
} from '../driver-arguments';
import type { ObjectInfo, StorageDriver } from '../storage-driver';
import { ObjectNotFoundError, StorageBackendError } from '../storage-driver.errors';
import { createS3Context } from './s3-context';
import { toDriverError } from './s3-errors';
import { createS3Fs, DEFAULT_MULTIPART_COPY } from './s3-fs';
import { createS3Multipart } from './s3-multipart';
import type { S3DriverOptions } from './s3-options';
import { createS3Presigner } from './s3-presign';

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
  const context = createS3Context(options);
  const { client, bucket, folder, toObjectKey, fromObjectKey, call } = context;
  const presigner = createS3Presigner(context, options.customHost);
  const multipart = createS3Multipart(context);

  const fs = createS3Fs(
    { ...context, multipartCopy: options.multipartCopy ?? DEFAULT_MULTIPART_COPY },
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

    ...presigner,
    ...multipart,

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

function parseContentRange(header: string | undefined) {
  const match = header?.match(/^bytes (\d+)-(\d+)\/(\d+)$/);
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) };
}
