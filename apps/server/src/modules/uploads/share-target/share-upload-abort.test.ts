import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { StorageConfig } from '@sharebin/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually, openFds } from '../../../test/eventually';
import { filesUnder } from '../../../test/files-under';
import { ENGINES, type RequestOptions, useTestServer } from '../../../test/harness';
import { openUpload } from '../../../test/open-upload';
import { type S3rverInstance, startS3rver } from '../../../test/s3rver';

const MIB = 1024 * 1024;

/** `POST /api/upload` as the admin, over a real socket, cut off at will. */
const openShareUpload = (port: number, token: string, fields: Record<string, string>) =>
  openUpload({ port, path: '/api/upload', headers: { authorization: `Bearer ${token}` }, fields });

let s3: S3rverInstance;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3.stop();
});

describe.each(ENGINES)('an upload the client aborts mid-body, on %s', (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-abort-'));
  const t = useTestServer(engine, { dataDir });
  let admin: RequestOptions;
  let local: StorageConfig;
  let port: number;
  let httpServer: ReturnType<typeof serve>;

  beforeEach(async () => {
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    httpServer = serve({ fetch: t.server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => httpServer.once('listening', resolve));
    port = (httpServer.address() as AddressInfo).port;
  });
  afterEach(async () => {
    (httpServer as http.Server).closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
  });

  const rows = () => t.db.selectFrom('file_shares').select(['status', 'storage_path']).execute();

  async function s3Storage() {
    const created = await t.request<StorageConfig>(
      'POST',
      '/api/s3-configs',
      {
        ...s3.storageFields,
        name: 's3rver',
        default_folder: `abort-${randomBytes(4).toString('hex')}`,
      },
      admin,
    );
    return created.body.data;
  }

  /** A finished upload first, so that pools and lazy modules are there before the baseline. */
  async function warmUp(fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([randomBytes(1000)]), 'warm.bin');
    const warm = await t.request<{ id: string }>('POST', '/api/upload', form, admin);
    expect(warm.status).toBe(201);
    await t.request('DELETE', `/api/admin/files/${warm.body.data.id}`, undefined, admin);
  }

  it('releases the temp file, the record and every file handle on local storage', async () => {
    await warmUp({});
    const temp = path.join(dataDir, 'storage', local.id, '.tmp');
    const baseline = openFds();

    const upload = openShareUpload(port, admin.token as string, { slug: 'cut-off' });
    await upload.send(2 * MIB);
    await eventually(async () => {
      expect(await rows()).toEqual([expect.objectContaining({ status: 'uploading' })]);
      expect(filesUnder(temp)).toHaveLength(1);
    });
    upload.abort();

    await eventually(async () => {
      expect(await rows()).toEqual([]);
      expect(filesUnder(temp)).toEqual([]);
      expect(openFds()).toBeLessThanOrEqual(baseline);
    });
    expect(filesUnder(path.join(dataDir, 'storage', local.id))).toEqual([]);
  });

  it.each([
    ['of unknown length (a multipart upload in the storage)', {}],
    ['of declared size (one streamed PUT)', { size: String(64 * MIB) }],
  ])(
    'releases the S3 upload %s, the record and its socket',
    async (_case, sizeField) => {
      // The SDK's own messages go to the logger at debug level, not to the console.
      const consoleWarnings = vi.spyOn(console, 'warn');
      const config = await s3Storage();
      const driver = await t.server.drivers.forConfig(config.id);
      await warmUp({ s3_config_id: config.id });
      const baseline = openFds();

      const upload = openShareUpload(port, admin.token as string, {
        s3_config_id: config.id,
        ...sizeField,
      });
      await upload.send(MIB);
      await eventually(async () => {
        expect(await rows()).toEqual([expect.objectContaining({ status: 'uploading' })]);
      });
      // Past the first 8 MiB part: lib-storage has begun a multipart upload by then.
      for (let sent = MIB; sent < 10 * MIB; sent += MIB) await upload.send(MIB);
      if (!('size' in sizeField)) {
        await eventually(async () => {
          expect(await driver.listMultipartUploads()).toHaveLength(1);
        });
      }
      upload.abort();

      await eventually(async () => {
        expect(await rows()).toEqual([]);
        expect(await driver.listMultipartUploads()).toEqual([]);
        expect((await driver.list('')).objects).toEqual([]);
        // The upload's sockets, to us and to the storage, are closed (idle keep-alive ones
        // that S3 calls left are closed by s3rver after its keep-alive timeout).
        expect(openFds()).toBeLessThanOrEqual(baseline);
      }, 20_000);
      expect(consoleWarnings).not.toHaveBeenCalled();
      consoleWarnings.mockRestore();
    },
    40_000,
  );
});
