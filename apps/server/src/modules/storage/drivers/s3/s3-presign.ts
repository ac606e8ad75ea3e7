import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition } from '../../../shared/content-disposition';
import { assertContentLength, assertExpiry } from '../driver-arguments';
import type { StorageDriver } from '../storage-driver';
import type { S3Context } from './s3-context';

/** Presigned PUT and GET URLs (offline: no call to the bucket), GETs on the custom host if set. */
export function createS3Presigner(
  { client, bucket, toObjectKey }: S3Context,
  customHost: string | undefined,
): Pick<StorageDriver, 'presignPut' | 'presignGet'> {
  const downloadOrigin = customHost ? parseCustomHost(customHost) : null;
  return {
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
  };
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
