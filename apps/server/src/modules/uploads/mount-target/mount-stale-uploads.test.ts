import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FsMultipartInitResponse, StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { adminWithDocsMount, ENGINE_DRIVER_CASES, ok, useS3rver } from '../../../test/fs-kit';
import { type RequestOptions, useTestServer } from '../../../test/harness';
import { STALE_UPLOAD_MS } from '../../files/files.housekeeping';

const MIB = 1024 * 1024;
const HOUR = 3_600_000;

vi.setConfig({ testTimeout: 30_000 });
const s3rver = useS3rver();

describe.each(ENGINE_DRIVER_CASES)(
  'abandoned file-system uploads on %s, %s storage',
  (engine, driverKind) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-fs-stale-'));
    const t = useTestServer(engine, { dataDir });
    let admin: RequestOptions;
    let storage: StorageConfig;

    beforeEach(async () => {
      ({ admin, storage } = await adminWithDocsMount(t, driverKind, s3rver));
    });

    const driver = () => t.server.drivers.forConfig(storage.id);
    const tracked = async () =>
      (await t.db.selectFrom('fs_uploads').select('upload_id').execute()).map(
        (row) => row.upload_id,
      );
    const sweep = async () => (await t.server.housekeeping()).fsUploads;

    /** Starts an upload of 12 MiB into `/docs` and sends its first part, then goes away. */
    async function abandonedUpload(name: string): Promise<FsMultipartInitResponse> {
      const started = await ok<FsMultipartInitResponse>(
        t.request(
          'POST',
          '/api/admin/fs/multipart/init',
          { path: '/docs', filename: name, fileSize: 12 * MIB },
          admin,
        ),
      );
      const part = started.parts[0] as { url: string; length: number };
      const bytes = new Uint8Array(part.length);
      const response = part.url.startsWith(s3rver().endpoint)
        ? await fetch(part.url, { method: 'PUT', body: bytes })
        : await t.server.app.request(part.url.slice(part.url.indexOf('/api/')), {
            method: 'POST',
            body: bytes,
            headers: {
              authorization: `Bearer ${admin.token}`,
              'content-length': String(bytes.length),
            },
          });
      expect(response.status).toBe(200);
      return started;
    }

    it('aborts an upload left idle past the stale threshold, parts and all, and spares a live one', async () => {
      const abandoned = await abandonedUpload('gone.bin');
      const partsFolder = path.join(
        dataDir,
        'storage',
        storage.id,
        '.multipart',
        abandoned.uploadId,
      );
      if (driverKind === 'local') expect(existsSync(partsFolder)).toBe(true);
      expect((await (await driver()).listMultipartUploads()).map((u) => u.uploadId)).toEqual([
        abandoned.uploadId,
      ]);

      // Not idle long enough yet: nothing happens.
      t.clock.advance(STALE_UPLOAD_MS - HOUR);
      const live = await abandonedUpload('live.bin');
      expect(await sweep()).toEqual({ aborted: 0, released: 0, temporaryFilesRemoved: 0 });

      t.clock.advance(2 * HOUR);
      expect(await sweep()).toEqual({ aborted: 1, released: 1, temporaryFilesRemoved: 0 });
      const pending = await (await driver()).listMultipartUploads();
      expect(pending.map((upload) => upload.uploadId)).toEqual([live.uploadId]);
      if (driverKind === 'local') expect(existsSync(partsFolder)).toBe(false);
      expect(await tracked()).toEqual([live.uploadId]);

      // Its key still names it, but the upload is gone: completing fails, nothing appears.
      const completed = await t.request(
        'POST',
        '/api/admin/fs/multipart/complete',
        {
          path: abandoned.path,
          uploadId: abandoned.uploadId,
          key: abandoned.key,
          parts: [],
          fileSize: 12 * MIB,
        },
        admin,
      );
      expect(completed.status).toBeGreaterThanOrEqual(400);
      expect(await (await driver()).stat('gone.bin')).toBeNull();
    });

    it('keeps an upload whose parts still arrive, and forgets one completed or aborted', async () => {
      const slow = await abandonedUpload('slow.bin');
      const aborted = await abandonedUpload('aborted.bin');
      expect(await tracked()).toHaveLength(2);
      await ok(
        t.request(
          'POST',
          '/api/admin/fs/multipart/abort',
          { path: aborted.path, uploadId: aborted.uploadId, key: aborted.key },
          admin,
        ),
      );
      expect(await tracked()).toEqual([slow.uploadId]);

      // A part a little before the day is over keeps the upload alive for another day.
      t.clock.advance(STALE_UPLOAD_MS - HOUR);
      if (driverKind === 'local') {
        const part = slow.parts[1] as { url: string; length: number };
        const response = await t.server.app.request(part.url.slice(part.url.indexOf('/api/')), {
          method: 'POST',
          body: new Uint8Array(part.length),
          headers: {
            authorization: `Bearer ${admin.token}`,
            'content-length': String(part.length),
          },
        });
        expect(response.status).toBe(200);
        t.clock.advance(2 * HOUR);
        expect(await sweep()).toEqual({ aborted: 0, released: 0, temporaryFilesRemoved: 0 });
        expect(await tracked()).toEqual([slow.uploadId]);
      }
      t.clock.advance(STALE_UPLOAD_MS + HOUR);
      expect(await sweep()).toEqual({ aborted: 1, released: 1, temporaryFilesRemoved: 0 });
      expect(await (await driver()).listMultipartUploads()).toEqual([]);
      expect(await tracked()).toEqual([]);
    });
  },
);
