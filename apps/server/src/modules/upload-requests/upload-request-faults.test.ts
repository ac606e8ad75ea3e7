import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { StorageConfig, UploadRequest } from '@sharebin/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import { filesUnder } from '../../test/files-under';
import { ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { openUpload } from '../../test/open-upload';
import { adminWithInbox } from '../../test/upload-request-kit';
import { createProcessIdentity, currentProcess } from '../shared/process-identity';
import { ABANDONED_ARRIVAL_MS } from './upload-requests.housekeeping';

const MIB = 1024 * 1024;

describe.each(ENGINES)('a visitor who hangs up mid-upload, on %s', (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-request-abort-'));
  const t = useTestServer(engine, { dataDir });
  let admin: RequestOptions;
  let local: StorageConfig;
  let port: number;
  let httpServer: ReturnType<typeof serve>;

  beforeEach(async () => {
    ({ admin, storage: local } = await adminWithInbox(t));
    httpServer = serve({ fetch: t.server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => httpServer.once('listening', resolve));
    port = (httpServer.address() as AddressInfo).port;
  });
  afterEach(async () => {
    (httpServer as http.Server).closeAllConnections();
    await new Promise((resolve) => httpServer.close(resolve));
  });

  const arrivals = () =>
    t.db.selectFrom('upload_request_files').select(['name', 'status']).orderBy('name').execute();
  const current = (id: string) =>
    ok<UploadRequest>(t.request('GET', `/api/admin/upload-requests/${id}`, undefined, admin));

  it('keeps the files before the cut, stores nothing of the one cut off, and gives its hold back', async () => {
    const request = await ok<UploadRequest>(
      t.request(
        'POST',
        '/api/admin/upload-requests',
        { path: '/docs/inbox', max_files: 2, max_total_size: 64 * MIB },
        admin,
      ),
      201,
    );
    const storageDir = path.join(dataDir, 'storage', local.id);
    const upload = openUpload({
      port,
      path: `/api/public/upload-requests/${request.slug}/files`,
      files: { 'first.txt': 'whole' },
      filename: 'big.bin',
    });
    await upload.send(2 * MIB);
    await eventually(async () => {
      expect(await arrivals()).toEqual([
        { name: 'big.bin', status: 'receiving' },
        { name: 'first.txt', status: 'stored' },
      ]);
    });
    expect(await current(request.id)).toMatchObject({ files_received: 2 });
    upload.abort();

    await eventually(async () => {
      expect(await arrivals()).toEqual([{ name: 'first.txt', status: 'stored' }]);
      expect(await current(request.id)).toMatchObject({ files_received: 1, bytes_received: 5 });
      expect(filesUnder(storageDir).map((file) => path.basename(file))).toEqual(['first.txt']);
    });

    // The place it held is free again: a second sender gets it, under the same name.
    const form = new FormData();
    form.append('file', new Blob(['retry']), 'big.bin');
    const retried = await t.server.app.request(
      `/api/public/upload-requests/${request.slug}/files`,
      { method: 'POST', body: form },
    );
    expect(retried.status).toBe(201);
    expect(((await retried.json()) as { data: unknown }).data).toEqual({
      files: [{ name: 'big.bin', size: 5 }],
    });
  });

  it('gives back the holds of files a dead process was receiving, at start; others after a day', async () => {
    const request = await ok<UploadRequest>(
      t.request('POST', '/api/admin/upload-requests', { path: '/docs/inbox', max_files: 3 }, admin),
      201,
    );
    const gone = createProcessIdentity({ pid: spawnSync('true').pid as number }).id;
    const elsewhere = createProcessIdentity({ pid: process.ppid }).id;
    const hold = async (name: string, owner: string) => {
      await t.db
        .updateTable('upload_requests')
        .set((eb) => ({
          files_received: eb('files_received', '+', 1),
          bytes_received: eb('bytes_received', '+', 100),
        }))
        .where('id', '=', request.id)
        .execute();
      await t.db
        .insertInto('upload_request_files')
        .values({
          id: name,
          request_id: request.id,
          name,
          path: `/docs/inbox/${name}`,
          size: 0,
          claimed_bytes: 100,
          mimetype: 'text/plain',
          status: 'receiving',
          owner_process: owner,
          created_at: t.clock.now(),
        })
        .execute();
    };
    await hold('crashed.txt', gone);
    await hold('remote.txt', elsewhere);
    await hold('mine.txt', currentProcess.id);

    expect((await t.server.sweepAbandonedUploads()).uploadRequestArrivals).toBe(1);
    expect((await arrivals()).map((row) => row.name)).toEqual(['mine.txt', 'remote.txt']);
    expect(await current(request.id)).toMatchObject({ files_received: 2, bytes_received: 200 });

    t.clock.advance(ABANDONED_ARRIVAL_MS + 1);
    expect((await t.server.sweepAbandonedUploads()).uploadRequestArrivals).toBe(2);
    // Read from the database: the admin's session has expired meanwhile.
    expect(
      await t.db
        .selectFrom('upload_requests')
        .select(['files_received', 'bytes_received'])
        .executeTakeFirstOrThrow(),
    ).toEqual({ files_received: 0, bytes_received: 0 });
  });
});
