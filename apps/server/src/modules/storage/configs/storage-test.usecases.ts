import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { StorageTestReason, StorageTestReport } from '@sharebin/shared';
import type { Clock } from '../../shared/clock';
import { newId } from '../../shared/crypto';
import type { StorageDriver } from '../drivers/storage-driver';
import { StorageDriverError } from '../drivers/storage-driver.errors';
import type { LocalTransfers } from '../signed/storage-local.usecases';
import type { StorageDrivers } from '../storage.drivers';
import type { StorageUseCases } from './storage.usecases';

type Check = StorageTestReport['checks'][number];

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Runs each capability the product needs against a storage and reports every check with a
 * readable reason, so an admin can fix a config before users meet the failure.
 */
/** A storage that does not answer the test's browser-like calls in time fails that check. */
const BROWSER_CALL_TIMEOUT_MS = 15_000;

/** A check that failed for a reason the test itself can name (and the UI translate). */
class StorageTestFailure extends Error {
  constructor(
    readonly reason: StorageTestReason,
    message: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

export function createStorageTests({
  storage,
  drivers,
  localTransfers,
  clock,
}: {
  storage: StorageUseCases;
  drivers: StorageDrivers;
  localTransfers: LocalTransfers;
  clock: Clock;
}) {
  async function timed(name: Check['name'], run: () => Promise<string>): Promise<Check> {
    const started = clock.now();
    try {
      const detail = await run();
      return { name, ok: true, detail, ms: clock.now() - started };
    } catch (error) {
      const code = error instanceof StorageDriverError ? error.code : undefined;
      return {
        name,
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
        ...(error instanceof StorageTestFailure
          ? { reason: error.reason, ...(error.params ? { params: error.params } : {}) }
          : {}),
        ...(code ? { error_code: code } : {}),
        ms: clock.now() - started,
      };
    }
  }

  /** A PUT to a presigned URL as a browser on `origin` would make it, CORS preflight first. */
  async function browserPut(
    url: string,
    headers: Record<string, string>,
    body: Buffer,
    origin: string,
  ) {
    const preflight = await fetch(url, {
      signal: AbortSignal.timeout(BROWSER_CALL_TIMEOUT_MS),
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': Object.keys(headers).join(','),
      },
    });
    const allowed = preflight.headers.get('access-control-allow-origin');
    const put = await fetch(url, {
      method: 'PUT',
      headers: { ...headers, origin },
      body,
      signal: AbortSignal.timeout(BROWSER_CALL_TIMEOUT_MS),
    });
    // Uploads in parts read each part's ETag, which a browser sees only when it is exposed.
    const exposed = (put.headers.get('access-control-expose-headers') ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase());
    return {
      originAllowed: allowed === '*' || allowed === origin,
      allowed,
      etagExposed: exposed.includes('etag') || exposed.includes('*'),
      status: put.status,
    };
  }

  /** Whether a browser on `origin` may read what a presigned GET answers (text previews). */
  async function browserCanRead(url: string, origin: string) {
    const answer = await fetch(url, {
      headers: { origin },
      signal: AbortSignal.timeout(BROWSER_CALL_TIMEOUT_MS),
    });
    await answer.arrayBuffer();
    const allowed = answer.headers.get('access-control-allow-origin');
    return allowed === '*' || allowed === origin;
  }

  /** `readable`: null when direct downloads are off and reading does not matter. */
  function corsCheck(
    result: Awaited<ReturnType<typeof browserPut>>,
    origin: string,
    readable: boolean | null,
  ): Check {
    const allowed = result.allowed ?? 'none';
    const failure: Pick<Check, 'reason' | 'params' | 'detail'> | null = !result.originAllowed
      ? {
          reason: 'cors_put_denied',
          params: { origin, allowed },
          detail: `The bucket's CORS rules do not allow PUT from ${origin} (Access-Control-Allow-Origin: ${allowed}); browsers cannot upload directly`,
        }
      : !result.etagExposed
        ? {
            reason: 'etag_hidden',
            detail:
              "The bucket allows PUT but does not expose the ETag header (add ETag to the CORS rule's ExposeHeaders); uploads in parts cannot complete",
          }
        : readable === false
          ? {
              reason: 'cors_get_denied',
              params: { origin },
              detail: `The bucket's CORS rules do not allow GET from ${origin}; with direct downloads on, text previews cannot load`,
            }
          : null;
    if (failure) return { name: 'cors', ok: false, ...failure, ms: 0 };
    const detail = `The bucket allows PUT${readable ? ' and GET' : ''} from ${origin} and exposes ETag`;
    return { name: 'cors', ok: true, detail, ms: 0 };
  }

  return {
    async run(configId: string, origin: string): Promise<StorageTestReport> {
      const config = await storage.get(configId);
      const driver: StorageDriver = await drivers.forConfig(configId);
      const key = `.sharebin-test/${newId()}.txt`;
      const payload = randomBytes(64);
      const checks: Check[] = [];
      checks.push(
        await timed('write', async () => {
          await driver.put(key, Readable.from([payload]), {
            contentType: 'text/plain',
            contentLength: payload.length,
          });
          return `Wrote ${payload.length} bytes`;
        }),
      );
      checks.push(
        await timed('read', async () => {
          const object = await driver.get(key);
          if (!(await readAll(object.body)).equals(payload))
            throw new StorageTestFailure('bytes_differ', 'The bytes read back differ');
          return 'Read back the same bytes';
        }),
      );
      checks.push(
        await timed('list', async () => {
          const listed = await driver.list('.sharebin-test/');
          if (!listed.objects.some((object) => object.key === key))
            throw new StorageTestFailure(
              'missing_from_listing',
              'The test object is missing from the listing',
            );
          return `Listed ${listed.objects.length} object(s)`;
        }),
      );
      const presignedKey = `.sharebin-test/${newId()}-presigned.txt`;
      let cors: Check = {
        name: 'cors',
        ok: false,
        detail: 'Not tried: the presigned PUT failed',
        reason: 'cors_not_tried',
        ms: 0,
      };
      checks.push(
        await timed('presigned_put', async () => {
          const upload = await driver.presignPut(presignedKey, {
            contentType: 'text/plain',
            contentLength: payload.length,
            expiresInSeconds: 300,
          });
          if (!driver.capabilities.directUrls) {
            const query = Object.fromEntries(new URL(upload.url, 'http://local').searchParams);
            await localTransfers.put(configId, query, Readable.from([payload]), payload.length);
            cors = {
              name: 'cors',
              ok: true,
              detail: 'Local storage is served from this origin',
              ms: 0,
            };
            return 'Uploaded through a signed URL';
          }
          const result = await browserPut(upload.url, upload.headers, payload, origin);
          const stored = result.status >= 200 && result.status < 300;
          const readable =
            config.direct_downloads && stored
              ? await browserCanRead(
                  await driver.presignGet(presignedKey, { expiresInSeconds: 300 }),
                  origin,
                )
              : null;
          cors = corsCheck(result, origin, readable);
          if (!stored) {
            throw new StorageTestFailure(
              'presigned_put_status',
              `The presigned PUT answered HTTP ${result.status}`,
              { status: result.status },
            );
          }
          return 'Uploaded through a presigned URL';
        }),
      );
      checks.push(cors);
      checks.push(
        await timed('multipart', async () => {
          const multipartKey = `.sharebin-test/${newId()}-multipart.txt`;
          const { uploadId } = await driver.createMultipart(multipartKey, {
            contentType: 'text/plain',
          });
          try {
            const part = await driver.uploadPart(
              multipartKey,
              uploadId,
              1,
              Readable.from([payload]),
              payload.length,
            );
            await driver.completeMultipart(multipartKey, uploadId, [
              { partNumber: 1, etag: part.etag },
            ]);
          } catch (error) {
            await driver.abortMultipart(multipartKey, uploadId);
            throw error;
          }
          await driver.delete(multipartKey);
          return 'Started, sent and completed a multipart upload';
        }),
      );
      checks.push(
        await timed('delete', async () => {
          await driver.deleteMany([key, presignedKey]);
          if (await driver.head(key))
            throw new StorageTestFailure(
              'still_there',
              'The test object is still there after deleting it',
            );
          return 'Deleted the test objects';
        }),
      );
      return { ok: checks.every((check) => check.ok), checks };
    },
  };
}

export type StorageTests = ReturnType<typeof createStorageTests>;
