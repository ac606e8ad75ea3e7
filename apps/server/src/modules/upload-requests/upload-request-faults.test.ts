import { mkdtempSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Mount, StorageConfig, UploadRequest } from '@sharebin/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually';
import { filesUnder } from '../../test/files-under';
import { ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { openUpload } from '../../test/open-upload';

const MIB = 1024 * 1024;

describe.each(ENGINES)('a visitor who hangs up mid-upload, on %s', (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-request-abort-'));
  const t = useTestServer(engine, { dataDir });
  let admin: RequestOptions;
  let local: StorageConfig;
  let port: number;
  let httpServer: ReturnType<typeof serve>;

  beforeEach(async () => {
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    await ok<Mount>(
      t.request(
        'POST',
        '/api/admin/mounts',
        { name: 'docs', storage_type: 'local', storage_config_id: local.id, mount_path: '/docs' },
        admin,
      ),
      201,
    );
    await ok(t.request('POST', '/api/admin/fs/mkdir', { path: '/docs/inbox' }, admin), 201);
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
});
