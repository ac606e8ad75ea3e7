import type { Readable } from 'node:stream';
import { AppError } from '../../../app/errors';
import type { Clock } from '../../shared/clock';
import {
  type LocalSignedOp,
  type LocalSignedRequest,
  verifyLocalSignedRequest,
} from '../drivers/local/local-signed-url';
import { SignedUrlError } from '../drivers/storage-driver.errors';
import { localPublicPath, type StorageDrivers } from '../storage.drivers';

const signedUrlRefused = (reason: string) =>
  new AppError(
    403,
    'storage.signed_url_invalid',
    `This link is not valid (${reason}); ask for a new one`,
  );

/** A URL signed for one length takes a body declared with that length, and no other. */
function assertSignedLength(signed: number | undefined, declared: number | undefined) {
  if (signed !== undefined && declared !== signed) {
    throw signedUrlRefused('the body length differs from the signed one');
  }
}

/**
 * What the local storage's signed URLs do: the server stands in for an S3 endpoint, so the web
 * app uploads and downloads the same way whichever driver a storage uses.
 */
export function createLocalTransfers({
  drivers,
  clock,
  publicUrl,
  noteUploadActivity,
}: {
  drivers: StorageDrivers;
  clock: Clock;
  publicUrl: string;
  /** Bytes arrive for the upload of `key` (throttled by the callee). */
  noteUploadActivity: (configId: string, key: string) => Promise<void>;
}) {
  async function open<Op extends LocalSignedOp>(
    configId: string,
    op: Op,
    query: Record<string, string>,
  ) {
    const request = verifyLocalSignedRequest({
      signer: drivers.signer,
      publicPath: localPublicPath(publicUrl, configId),
      op,
      query,
      now: clock.now(),
    });
    if (request instanceof SignedUrlError) throw signedUrlRefused(request.reason);
    const driver = await drivers.forConfig(configId);
    // Only a storage whose presigned URLs come back to us has a signed-URL route.
    if (driver.capabilities.directUrls) throw signedUrlRefused('not a local storage');
    return { request: request as Extract<LocalSignedRequest, { op: Op }>, driver };
  }

  return {
    async get(
      configId: string,
      query: Record<string, string>,
      range: (size: number) => { start: number; end: number } | undefined,
    ) {
      const { request, driver } = await open(configId, 'get', query);
      const info = await driver.head(request.key);
      const chosen = info ? range(info.size) : undefined;
      const object = await driver.get(request.key, chosen ? { range: chosen } : undefined);
      return { object, download: request.download };
    },

    async put(
      configId: string,
      query: Record<string, string>,
      body: Readable,
      contentLength: number | undefined,
    ) {
      const { request, driver } = await open(configId, 'put', query);
      assertSignedLength(request.contentLength, contentLength);
      await noteUploadActivity(configId, request.key);
      return driver.put(request.key, body, {
        contentType: request.contentType,
        contentLength: request.contentLength,
        maxLength: request.maxLength,
      });
    },

    async part(
      configId: string,
      query: Record<string, string>,
      body: Readable,
      contentLength: number | undefined,
    ) {
      const { request, driver } = await open(configId, 'part', query);
      assertSignedLength(request.contentLength, contentLength);
      await noteUploadActivity(configId, request.key);
      // The signed length, not the header, is what the driver holds the body to while it streams.
      return driver.uploadPart(
        request.key,
        request.uploadId,
        request.partNumber,
        body,
        request.contentLength ?? contentLength,
      );
    },
  };
}

export type LocalTransfers = ReturnType<typeof createLocalTransfers>;
