import { readdirSync } from 'node:fs';
import type {
  FsBatchResult,
  FsEntry,
  FsFileLink,
  FsListing,
  Mount,
  StorageConfig,
} from '@sharebin/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fsKeyWith, ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';
import { jobsClient } from '../../test/jobs-kit';

describe.each(ENGINES)('file system on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let local: StorageConfig;
  let other: StorageConfig;

  const mount = (mount_path: string, storage = local) =>
    ok<Mount>(
      t.request(
        'POST',
        '/api/admin/mounts',
        {
          name: mount_path,
          storage_type: 'local',
          storage_config_id: storage.id,
          mount_path,
        },
        admin,
      ),
      201,
    );
  const list = (path: string, options = admin) =>
    t.request<FsListing>(
      'GET',
      `/api/admin/fs/list?path=${encodeURIComponent(path)}`,
      undefined,
      options,
    );
  const names = async (path: string) => (await ok(list(path))).items.map((item) => item.name);
  const upload = (folder: string, name: string, text: string, options = admin, prefix = 'admin') =>
    t.request(
      'POST',
      `/api/${prefix}/fs/upload`,
      uploadForm(Buffer.from(text), name, { path: folder }),
      options,
    );
  const download = async (
    path: string,
    headers: Record<string, string> = {},
    prefix = 'admin',
    options = admin,
    method = 'GET',
  ) =>
    t.server.app.request(`/api/${prefix}/fs/download?path=${encodeURIComponent(path)}`, {
      method,
      headers: {
        authorization: options.token ? `Bearer ${options.token}` : `ApiKey ${options.apiKey}`,
        ...headers,
      },
    });
  const keyWith = (fields: Record<string, unknown>) => fsKeyWith(t, admin, fields);
  const jobs = jobsClient(
    () => t.server,
    () => admin,
  );

  beforeEach(async () => {
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    other = await ok<StorageConfig>(
      t.request('POST', '/api/s3-configs', { name: 'Second disk', storage_type: 'local' }, admin),
      201,
    );
  });

  it('lists mount points at the root and virtual folders between them', async () => {
    await mount('/docs');
    await mount('/team/photos');
    const root = await ok(list('/'));
    expect(root).toMatchObject({ path: '/', is_root: true, is_virtual: true, read_only: true });
    expect(root.items.map((item) => [item.name, item.is_mount, item.is_virtual])).toEqual([
      ['docs', true, false],
      ['team', false, true],
    ]);
    expect(await names('/team')).toEqual(['photos']);
    expect((await list('/nothing')).body.error).toBe('fs.not_found');
  });

  it('creates folders, uploads, reads, edits, renames, moves, copies and deletes', async () => {
    await mount('/docs');
    await ok(t.request('POST', '/api/admin/fs/mkdir', { path: '/docs/empty' }, admin), 201);
    await ok(upload('/docs/notes', 'a.txt', 'hello world'), 201);
    expect(await names('/docs')).toEqual(['empty', 'notes']);
    const entry = await ok<FsEntry>(
      t.request('GET', '/api/admin/fs/get?path=/docs/notes/a.txt', undefined, admin),
    );
    expect(entry).toMatchObject({
      name: 'a.txt',
      size: 11,
      is_directory: false,
      mimetype: 'text/plain',
    });

    const ranged = await download('/docs/notes/a.txt', { range: 'bytes=6-' });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('world');

    await ok(
      t.request(
        'POST',
        '/api/admin/fs/update',
        { path: '/docs/notes/a.txt', content: 'edited ✓' },
        admin,
      ),
    );
    expect(await (await download('/docs/notes/a.txt')).text()).toBe('edited ✓');

    await ok(
      t.request(
        'POST',
        '/api/admin/fs/rename',
        { oldPath: '/docs/notes/a.txt', newPath: '/docs/notes/b.txt' },
        admin,
      ),
    );
    expect(await names('/docs/notes')).toEqual(['b.txt']);

    const moved = await jobs.finish(
      await jobs.start('move', [{ sourcePath: '/docs/notes/b.txt', targetPath: '/docs/empty/' }]),
    );
    expect(moved).toMatchObject({ status: 'completed', success: 1, skipped: 0, failed: 0 });
    // A folder emptied by a move stays, as on any disk (the port alone would drop it).
    expect(await names('/docs')).toEqual(['empty', 'notes']);
    expect(await names('/docs/notes')).toEqual([]);

    const copied = await jobs.finish(
      await jobs.start('batch-copy', [{ sourcePath: '/docs/empty', targetPath: '/docs/notes/' }]),
    );
    expect(copied.success).toBe(1);
    expect(await (await download('/docs/notes/empty/b.txt')).text()).toBe('edited ✓');

    await ok(t.request('DELETE', '/api/admin/fs/remove?path=/docs/notes', undefined, admin));
    expect(await names('/docs')).toEqual(['empty']);
  });

  it('refuses to move a folder into itself', async () => {
    await mount('/a');
    await ok(t.request('POST', '/api/admin/fs/mkdir', { path: '/a/dir/inner' }, admin), 201);
    const refused = await t.request(
      'POST',
      '/api/admin/fs/move',
      { items: [{ sourcePath: '/a/dir', targetPath: '/a/dir/inner/' }] },
      admin,
    );
    expect([refused.status, refused.body.error]).toEqual([409, 'fs.into_itself']);
    expect(await names('/a/dir/inner')).toEqual([]);
  });

  it('refuses writes on virtual folders and mount points, writing nothing', async () => {
    await mount('/team/docs');
    for (const path of ['/', '/team', '/team/docs']) {
      const response = await t.request(
        'DELETE',
        `/api/admin/fs/remove?path=${path}`,
        undefined,
        admin,
      );
      expect([path, response.status, response.body.error]).toEqual([path, 403, 'fs.virtual_path']);
    }
    expect(
      (await t.request('POST', '/api/admin/fs/mkdir', { path: '/team/new' }, admin)).body.error,
    ).toBe('fs.virtual_path');
    expect((await upload('/team', 'x.txt', 'x')).body.error).toBe('fs.virtual_path');
    expect(await names('/team')).toEqual(['docs']);
  });

  it('holds a key to its base path on every call', async () => {
    await mount('/docs');
    await mount('/docs2', other);
    await ok(upload('/docs', 'in.txt', 'in'), 201);
    await ok(upload('/docs2', 'out.txt', 'out'), 201);
    const key = await keyWith({ basic_path: '/docs' });
    const userList = (path: string) =>
      t.request<FsListing>('GET', `/api/user/fs/list?path=${path}`, undefined, key);

    expect((await userList('/')).body.data.items.map((item) => item.name)).toEqual(['docs']);
    expect((await userList('/docs')).body.data.items.map((item) => item.name)).toEqual(['in.txt']);
    for (const path of [
      '/docs2',
      '/docs/..%2fdocs2',
      '/docs%2f..%2fdocs2',
      '%2Fdocs2',
      '\\docs2',
      '/docs/../docs2',
    ]) {
      const response = await userList(encodeURIComponent(path));
      // Sent decoded once, `%2f` is part of a name: a name inside /docs (404) or a mount
      // outside the base path (403), never /docs2 itself.
      expect([path, [400, 403, 404].includes(response.status)]).toEqual([path, true]);
    }
    expect((await download('/docs2/out.txt', {}, 'user', key)).status).toBe(403);
    expect((await upload('/docs2', 'x.txt', 'x', key, 'user')).body.error).toBe(
      'fs.path_forbidden',
    );
    const copy = await t.request(
      'POST',
      '/api/user/fs/batch-copy',
      { items: [{ sourcePath: '/docs/in.txt', targetPath: '/docs2/' }] },
      key,
    );
    expect([copy.status, copy.body.error]).toEqual([403, 'fs.path_forbidden']);
    const link = await t.request(
      'GET',
      '/api/user/fs/file-link?path=/docs2/out.txt',
      undefined,
      key,
    );
    expect(link.body.error).toBe('fs.path_forbidden');
    expect(await names('/docs2')).toEqual(['out.txt']);
  });

  it('gives a read-only key reads and refuses its writes', async () => {
    await mount('/docs');
    await ok(upload('/docs', 'a.txt', 'a'), 201);
    const key = await keyWith({ mount_read_only: true });
    expect(
      (await t.request<FsListing>('GET', '/api/user/fs/list?path=/docs', undefined, key)).body.data
        .read_only,
    ).toBe(true);
    expect(await (await download('/docs/a.txt', {}, 'user', key)).text()).toBe('a');
    const writes = [
      t.request('POST', '/api/user/fs/mkdir', { path: '/docs/x' }, key),
      upload('/docs', 'b.txt', 'b', key, 'user'),
      t.request('POST', '/api/user/fs/update', { path: '/docs/a.txt', content: 'changed' }, key),
      t.request('DELETE', '/api/user/fs/remove?path=/docs/a.txt', undefined, key),
      t.request(
        'POST',
        '/api/user/fs/rename',
        { oldPath: '/docs/a.txt', newPath: '/docs/c.txt' },
        key,
      ),
    ];
    for (const response of await Promise.all(writes)) {
      expect([response.status, response.body.error]).toEqual([403, 'fs.read_only']);
    }
    expect(await names('/docs')).toEqual(['a.txt']);
    expect(await (await download('/docs/a.txt')).text()).toBe('a');
  });

  it('answers 304 to a listing the client already holds', async () => {
    await mount('/docs');
    const first = await list('/docs');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"/);
    const again = await t.server.app.request('/api/admin/fs/list?path=/docs', {
      headers: { authorization: `Bearer ${admin.token}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    await ok(upload('/docs', 'new.txt', 'n'), 201);
    expect((await list('/docs')).headers.get('etag')).not.toBe(etag);
  });

  it('answers a HEAD of a download with its headers, and closes the file it opened', async () => {
    await mount('/docs');
    await ok(upload('/docs', 'a.txt', 'hello world'), 201);
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    for (let i = 0; i < 5; i++) {
      const head = await download('/docs/a.txt', {}, 'admin', admin, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe('11');
      expect(await head.text()).toBe('');
    }
    // Closing runs on libuv's thread pool: it may take a moment.
    await vi.waitFor(() => expect(openFiles()).toBe(before));
  });

  it('signs a file link that downloads without credentials', async () => {
    await mount('/docs');
    await ok(upload('/docs', 'report.txt', 'report'), 201);
    const link = await ok<FsFileLink>(
      t.request(
        'GET',
        '/api/admin/fs/file-link?path=/docs/report.txt&force_download=true&expires_in=60',
        undefined,
        admin,
      ),
    );
    expect(link.presigned).toBe(false);
    const fetched = await t.server.app.request(
      new URL(link.url).pathname + new URL(link.url).search,
    );
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-disposition')).toContain('attachment');
    expect(await fetched.text()).toBe('report');
    const tooLong = await t.request(
      'GET',
      '/api/admin/fs/file-link?path=/docs/report.txt&expires_in=999999999',
      undefined,
      admin,
    );
    expect(tooLong.body.error).toBe('validation.failed');
  });

  it('refuses an edit over 10 MB and leaves the file as it was', async () => {
    await mount('/docs');
    await ok(upload('/docs', 'a.txt', 'a'), 201);
    const response = await t.request(
      'POST',
      '/api/admin/fs/update',
      { path: '/docs/a.txt', content: 'é'.repeat(5 * 1024 * 1024 + 1) },
      admin,
    );
    expect([response.status, response.body.error]).toEqual([413, 'fs.content_too_large']);
    expect(await (await download('/docs/a.txt')).text()).toBe('a');
  });

  it('batch-removes and reports each failure with its code', async () => {
    await mount('/docs');
    await ok(upload('/docs', 'a.txt', 'a'), 201);
    await ok(upload('/docs/dir', 'b.txt', 'b'), 201);
    const result = await ok<FsBatchResult>(
      t.request(
        'POST',
        '/api/admin/fs/batch-remove',
        { paths: ['/docs/a.txt', '/docs/dir', '/docs/missing', '/'] },
        admin,
      ),
    );
    expect(result.success).toBe(2);
    expect(result.failed.map((failure) => failure.error)).toEqual([
      'fs.not_found',
      'fs.virtual_path',
    ]);
    expect(await names('/docs')).toEqual([]);
  });
});
