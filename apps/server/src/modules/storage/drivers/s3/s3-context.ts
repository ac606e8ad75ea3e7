import { S3Client } from '@aws-sdk/client-s3';
import { assertValidKey } from '../driver-arguments';
import { type S3CallContext, toDriverError } from './s3-errors';
import type { S3DriverOptions } from './s3-options';
import { s3RetryStrategy } from './s3-retries';

/** What every part of the S3 driver works with: the client, the bucket and its key mapping. */
export interface S3Context {
  client: S3Client;
  bucket: string;
  /** `''` or the default folder with a trailing `/`. */
  folder: string;
  /** The bucket's key of a storage key (checked first). */
  toObjectKey(key: string): string;
  /** The storage key of a bucket key below the folder. */
  fromObjectKey(objectKey: string): string;
  /** Runs an SDK call, its failure mapped to the driver's errors. */
  call<T>(context: S3CallContext, run: () => Promise<T>): Promise<T>;
}

export function createS3Context(options: S3DriverOptions): S3Context {
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
  return {
    client,
    bucket: options.bucket,
    folder,
    toObjectKey(key) {
      assertValidKey(key);
      return folder + key;
    },
    fromObjectKey: (objectKey) => objectKey.slice(folder.length),
    async call(context, run) {
      try {
        return await run();
      } catch (error) {
        throw toDriverError(error, context);
      }
    },
  };
}

function folderPrefix(defaultFolder: string | undefined): string {
  const folder = (defaultFolder ?? '').replace(/^\/+|\/+$/g, '');
  if (folder === '') return '';
  assertValidKey(folder);
  return `${folder}/`;
}
