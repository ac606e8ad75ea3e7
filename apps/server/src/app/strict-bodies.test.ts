import type { FsListing, Mount, StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectData } from '../test/fs-client';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../test/harness';

interface Refusal {
  code: number;
  error: string;
  message: string;
  details: { location: string; path: string; message: string; code: string }[];
}

describe.each(ENGINES)('request bodies are strict on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
  });

  const mountDocs = () =>
    expectData<Mount>(
      t.request(
        'POST',
        '/api/admin/mounts',
        { name: 'docs', storage_type: 'local', storage_config_id: storage.id, mount_path: '/docs' },
        admin,
      ),
      201,
    );
  const names = async (path: string) => {
    const listing = await expectData<FsListing>(
      t.request('GET', `/api/admin/fs/list?path=${encodeURIComponent(path)}`, undefined, admin),
      200,
    );
    return listing.items.map((entry) => entry.name).sort();
  };

  /** A 400 validation.failed that names `field`, in the details and in the message. */
  function expectRefusedField(response: { status: number; body: unknown }, field: string) {
    const body = response.body as Refusal;
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(body.error).toBe('validation.failed');
    expect(body.details).toContainEqual(
      expect.objectContaining({ location: 'body', path: field, code: 'unrecognized_keys' }),
    );
    expect(body.message).toContain(field);
  }

  it('refuses an unknown field of a paste and creates nothing', async () => {
    const response = await t.request(
      'POST',
      '/api/paste',
      { content: 'hello', max_view: 3 },
      admin,
    );
    expectRefusedField(response, 'max_view');
    expect(await t.db.selectFrom('pastes').selectAll().execute()).toEqual([]);
  });

  it('refuses an unknown field of an API key and creates none', async () => {
    const response = await t.request(
      'POST',
      '/api/admin/api-keys',
      { name: 'script', text_permission: true, admin: true },
      admin,
    );
    expectRefusedField(response, 'admin');
    expect(await t.db.selectFrom('api_keys').selectAll().execute()).toEqual([]);
  });

  it('refuses an unknown field of fs mkdir and makes no folder', async () => {
    await mountDocs();
    const response = await t.request(
      'POST',
      '/api/admin/fs/mkdir',
      { path: '/docs/new', recursive: false },
      admin,
    );
    expectRefusedField(response, 'recursive');
    expect(await names('/docs')).toEqual([]);
  });

  it('refuses an unknown field inside a batch-copy item and starts no copy', async () => {
    await mountDocs();
    await expectData(t.request('POST', '/api/admin/fs/mkdir', { path: '/docs/a' }, admin), 201);
    await expectData(t.request('POST', '/api/admin/fs/mkdir', { path: '/docs/b' }, admin), 201);
    const response = await t.request(
      'POST',
      '/api/admin/fs/batch-copy',
      {
        items: [
          { sourcePath: '/docs/a', targetPath: '/docs/b' },
          { sourcePath: '/docs/a', targetPath: '/docs/b', overwrite: true },
        ],
      },
      admin,
    );
    expectRefusedField(response, 'items.1.overwrite');
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    expect(await names('/docs/b')).toEqual([]);
  });

  it('refuses an unknown field of a file share upload form and stores no share', async () => {
    const response = await t.request(
      'POST',
      '/api/upload',
      uploadForm(Buffer.from('bytes'), 'a.txt', { remark: 'note', expire: '1d' }),
      admin,
    );
    expectRefusedField(response, 'expire');
    expect(await t.db.selectFrom('file_shares').selectAll().execute()).toEqual([]);
  });

  it('refuses an unknown field of an fs upload form and writes no file', async () => {
    await mountDocs();
    const response = await t.request(
      'POST',
      '/api/admin/fs/upload',
      uploadForm(Buffer.from('bytes'), 'a.txt', { path: '/docs', overwrite: 'true' }),
      admin,
    );
    expectRefusedField(response, 'overwrite');
    expect(await names('/docs')).toEqual([]);
    // The SPEC's own field is still taken.
    await expectData(
      t.request(
        'POST',
        '/api/admin/fs/upload',
        uploadForm(Buffer.from('bytes'), 'a.txt', { path: '/docs', use_multipart: 'false' }),
        admin,
      ),
      201,
    );
    expect(await names('/docs')).toEqual(['a.txt']);
  });

  it('still takes the known fields, and query strings stay lenient', async () => {
    await expectData(t.request('POST', '/api/paste', { content: 'hello' }, admin), 201);
    // A cache buster on a list is no client bug.
    await expectData(t.request('GET', '/api/admin/pastes?_=1733450000', undefined, admin), 200);
  });
});
