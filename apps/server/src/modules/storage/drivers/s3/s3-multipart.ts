import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { meterThrough } from '../byte-meter';
import {
  assertContentLength,
  assertExpiry,
  assertPartNumber,
  assertValidPrefix,
  discardBody,
  sortedParts,
  stripQuotes,
} from '../driver-arguments';
import type { StorageDriver, UploadedPart } from '../storage-driver';
import { MultipartError, StorageBackendError } from '../storage-driver.errors';
import type { S3Context } from './s3-context';
import { toDriverError } from './s3-errors';

type S3Multipart = Pick<
  StorageDriver,
  | 'createMultipart'
  | 'presignPart'
  | 'uploadPart'
  | 'listParts'
  | 'completeMultipart'
  | 'abortMultipart'
  | 'listMultipartUploads'
>;

/** Uploads in parts: started, presigned or sent part by part, listed, completed, aborted. */
export function createS3Multipart({
  client,
  bucket,
  folder,
  toObjectKey,
  fromObjectKey,
  call,
}: S3Context): S3Multipart {
  return {
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
  };
}
