import type { FsListing } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { basicAuth, davRequest } from '../../test/dav-kit';
import { fsClient } from '../../test/fs-client';
import { adminWithLocalDocsMount, fsKeyWith, ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';

describe.each(ENGINES)("a key's scope over the file system, on %s", (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  const fs = () =>
    fsClient(
      () => t.server,
      () => admin,
    );

  beforeEach(async () => {
    ({ admin } = await adminWithLocalDocsMount(t));
    await ok(fs().upload('/docs/cadtest/sub', 'mine.txt', 'mine'), 201);
    await ok(fs().upload('/docs', 'sibling.txt', 'not yours'), 201);
    await ok(fs().upload('/docs/other', 'theirs.txt', 'not yours'), 201);
  });

  it('lists the folders above a base path as the way down to it, on the API and WebDAV alike', async () => {
    const key = await fsKeyWith(t, admin, { basic_path: '/docs/cadtest' });
    expect(await fs().names('/', key)).toEqual(['docs']);
    const docs = await ok<FsListing>(fs().list('/docs', key));
    expect(docs.items.map((item) => item.path)).toEqual(['/docs/cadtest']);
    expect(docs.read_only).toBe(true);
    expect(await fs().names('/docs/cadtest', key)).toEqual(['sub']);

    const dav = (method: string, path: string, depth: string) =>
      davRequest(() => t.server, method, path, {
        headers: { Authorization: basicAuth('key', key.apiKey as string), Depth: depth },
      });
    const hrefsOf = async (response: Response) => {
      expect(response.status).toBe(207);
      return [...(await response.text()).matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((m) => m[1]);
    };
    expect(await hrefsOf(await dav('PROPFIND', '/dav/docs/', '1'))).toEqual([
      '/dav/docs/',
      '/dav/docs/cadtest/',
    ]);
    expect(await hrefsOf(await dav('PROPFIND', '/dav/', 'infinity'))).toEqual([
      '/dav/',
      '/dav/docs/',
      '/dav/docs/cadtest/',
      '/dav/docs/cadtest/sub/',
      '/dav/docs/cadtest/sub/mine.txt',
    ]);
    expect((await dav('GET', '/dav/docs/sibling.txt', '0')).status).toBe(403);
    expect((await dav('PROPFIND', '/dav/docs/other/', '1')).status).toBe(403);
    expect((await dav('MKCOL', '/dav/docs/new/', '0')).status).toBe(403);
    expect((await dav('DELETE', '/dav/docs/', '0')).status).toBe(403);

    expect(await fs().bytes('/docs/sibling.txt', key)).toBeNull();
    const mkdir = await fs().request('POST', '/api/user/fs/mkdir', { path: '/docs/new' }, key);
    expect(mkdir.status).toBe(403);
    expect(await fs().names('/docs')).toEqual(['cadtest', 'other', 'sibling.txt']);
  });

  it("refuses a read-only key's batch-remove with 403, deleting nothing", async () => {
    const key = await fsKeyWith(t, admin, { basic_path: '/docs', mount_read_only: true });
    const response = await fs().request(
      'POST',
      '/api/user/fs/batch-remove',
      { paths: ['/docs/sibling.txt', '/docs/other'] },
      key,
    );
    expect([response.status, response.body.error]).toEqual([403, 'fs.read_only']);
    expect(await fs().names('/docs')).toEqual(['cadtest', 'other', 'sibling.txt']);
  });
});

describe.each(ENGINES)('what live file shares keep in a mounted storage, on %s', (engine) => {
  const t = useTestServer(engine);

  it('refuses to rename, move or delete the folder of a live share, on the API and WebDAV', async () => {
    const { admin, storage } = await t.signInWithLocalStorage();
    const fs = fsClient(
      () => t.server,
      () => admin,
    );
    await fs.mount('/store', storage.id);
    const shared = await ok<{ id: string; slug: string }>(
      t.request('POST', '/api/upload', uploadForm(Buffer.from('shared'), 'a.txt'), admin),
      201,
    );
    const [folder] = await fs.names('/store');
    expect(folder).toBeDefined();
    const path = `/store/${folder}`;
    const refusals = [
      await fs.request('DELETE', `/api/admin/fs/remove?path=${encodeURIComponent(path)}`),
      await fs.request('POST', '/api/admin/fs/rename', { oldPath: path, newPath: '/store/x' }),
      await fs.request('POST', '/api/admin/fs/move', {
        items: [{ sourcePath: path, targetPath: '/store/moved' }],
      }),
      await fs.request('POST', '/api/admin/fs/update', { path: `${path}/a.txt`, content: 'x' }),
    ];
    for (const refused of refusals) {
      expect([refused.status, refused.body.error]).toEqual([409, 'fs.used_by_shares']);
    }
    const davDelete = await davRequest(() => t.server, 'DELETE', `/dav${path}/`);
    expect(davDelete.status).toBe(409);
    const content = await t.server.app.request(`/api/public/files/${shared.slug}/content`);
    expect(await content.text()).toBe('shared');

    // Once the share is gone, so is what kept the folder.
    await ok(t.request('DELETE', `/api/admin/files/${shared.id}`, undefined, admin));
    await ok(fs.request('POST', '/api/admin/fs/mkdir', { path: `${path}/again` }), 201);
    expect((await fs.request('DELETE', `/api/admin/fs/remove?path=${path}`)).status).toBe(200);
    expect(await fs.names('/store')).toEqual([]);
  });
});
