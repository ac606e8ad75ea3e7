import type { FsListing } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { basicAuth, davRequest } from '../../test/dav-kit';
import { fsClient } from '../../test/fs-client';
import { adminWithDocsMount, fsKeyWith, ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';

describe.each(ENGINES)("a key's scope over the file system, on %s", (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  const fs = () =>
    fsClient(
      () => t.server,
      () => admin,
    );

  beforeEach(async () => {
    ({ admin } = await adminWithDocsMount(t, 'local', () => {
      throw new Error('local only');
    }));
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
