import { rmSync } from 'node:fs';
import path from 'node:path';
import type {
  FsShare,
  FsShareList,
  Mount,
  PublicFsListing,
  PublicFsShare,
  StorageConfig,
} from '@sharebin/shared';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { fsKeyWith, ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';

describe.each(ENGINES)('shares of mounted files and folders on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let local: StorageConfig;

  const upload = (folder: string, name: string, text: string) =>
    ok(
      t.request(
        'POST',
        '/api/admin/fs/upload',
        uploadForm(Buffer.from(text), name, { path: folder }),
        admin,
      ),
      201,
    );
  const share = (body: Record<string, unknown>, options = admin, prefix = 'admin') =>
    t.request<FsShare>('POST', `/api/${prefix}/fs/shares`, body, options);
  const visit = (slug: string, rest = '', headers: Record<string, string> = {}) =>
    t.server.app.request(`/api/public/fs-shares/${slug}${rest}`, { headers });
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const body = (await response.json()) as { data: T };
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body.data;
  };
  const errorOf = async (response: Response) => {
    const body = (await response.json()) as { error: string; message: string };
    return { code: body.error, message: body.message };
  };
  const content = (slug: string, inner: string, extra = '', headers = {}) =>
    visit(slug, `/content?path=${encodeURIComponent(inner)}${extra}`, headers);
  const views = async (id: string) =>
    (await ok<FsShare>(t.request('GET', `/api/admin/fs/shares/${id}`, undefined, admin))).views;

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
    await upload('/docs/trip', 'notes.txt', 'packing list');
    await upload('/docs/trip/photos', 'a.txt', 'first photo');
    await upload('/docs', 'secret.txt', 'not shared');
  });

  it('shares a folder: visitors list it with relative paths and download files, each download one view', async () => {
    const created = await ok<FsShare>(
      share({ path: '/docs/trip', slug: 'trip', remark: 'for Ana' }),
      201,
    );
    expect(created).toMatchObject({ kind: 'folder', name: 'trip', path: '/docs/trip', views: 0 });
    expect(created.url).toMatch(/\/s\/trip$/);

    const info = await json<PublicFsShare>(await visit('trip'));
    expect(info).toMatchObject({ kind: 'folder', name: 'trip', requires_password: false });
    expect(JSON.stringify(info)).not.toContain('for Ana');
    expect(JSON.stringify(info)).not.toContain('/docs');

    const root = await json<PublicFsListing>(await visit('trip', '/list'));
    expect(root.items.map((item) => [item.path, item.is_directory])).toEqual(
      expect.arrayContaining([
        ['/notes.txt', false],
        ['/photos', true],
      ]),
    );
    const photos = await json<PublicFsListing>(await visit('trip', '/list?path=/photos'));
    expect(photos).toMatchObject({
      path: '/photos',
      items: [{ name: 'a.txt', path: '/photos/a.txt' }],
    });

    const file = await content('trip', '/photos/a.txt', '&download=1');
    expect(file.status).toBe(200);
    expect(await file.text()).toBe('first photo');
    expect(file.headers.get('content-disposition')).toContain('attachment');
    // Listing counts nothing; a download from the first byte counts one view, a later range none.
    expect(await views(created.id)).toBe(1);
    const tail = await content('trip', '/notes.txt', '', { range: 'bytes=4-' });
    expect(tail.status).toBe(206);
    expect(await tail.text()).toBe('ing list');
    expect(await views(created.id)).toBe(1);
  });

  it('shares a single file; it cannot be listed', async () => {
    const created = await ok<FsShare>(share({ path: '/docs/trip/notes.txt' }), 201);
    expect(created.kind).toBe('file');
    const info = await json<PublicFsShare>(await visit(created.slug));
    expect(info).toMatchObject({
      kind: 'file',
      name: 'notes.txt',
      size: 12,
      mimetype: 'text/plain',
    });
    expect(await (await content(created.slug, '/')).text()).toBe('packing list');
    const listed = await visit(created.slug, '/list');
    expect(listed.status).toBe(400);
    expect((await errorOf(listed)).code).toBe('fs_share.not_a_folder');
  });

  it('keeps visitors inside the shared folder: .., encoded, backslashes and NUL are refused', async () => {
    await ok(share({ path: '/docs/trip', slug: 'trip' }), 201);
    for (const inner of [
      '/../secret.txt',
      '..',
      '/photos/../../secret.txt',
      '..\\secret.txt',
      '/a\0b',
    ]) {
      const response = await content('trip', inner);
      expect(response.status, inner).toBe(400);
      expect(await response.text()).not.toContain('not shared');
      expect((await visit('trip', `/list?path=${encodeURIComponent(inner)}`)).status).toBe(400);
    }
    // Encoded twice: decoded once, it is a name with a percent sign, looked up inside the share.
    const twice = await visit('trip', '/content?path=%252e%252e%252fsecret.txt');
    expect(twice.status).toBe(404);
    const missing = await errorOf(await content('trip', '/nope.txt'));
    expect(missing.code).toBe('fs_share.entry_not_found');
    expect(missing.message).not.toContain('/docs');
  });

  it('asks for the password, then lets a token or the X-Share-Password header in', async () => {
    const created = await ok<FsShare>(
      share({ path: '/docs/trip', slug: 'locked', password: 'hunter22' }),
      201,
    );
    expect(created.has_password).toBe(true);
    expect(await json<PublicFsShare>(await visit('locked'))).toEqual({
      slug: 'locked',
      requires_password: true,
    });
    const refused = await content('locked', '/notes.txt');
    expect(refused.status).toBe(401);
    expect((await errorOf(refused)).code).toBe('fs_share.password_required');
    expect((await visit('locked', '/list')).status).toBe(401);

    const wrong = await t.server.app.request('/api/public/fs-shares/locked/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'nope' }),
    });
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe('fs_share.wrong_password');
    const verified = await json<PublicFsShare>(
      await t.server.app.request('/api/public/fs-shares/locked/verify', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'hunter22' }),
      }),
    );
    expect(verified).toMatchObject({ kind: 'folder', name: 'trip' });
    const token = encodeURIComponent(verified.access_token ?? '');
    expect((await visit('locked', `/list?token=${token}`)).status).toBe(200);
    expect(await (await content('locked', '/notes.txt', `&token=${token}`)).text()).toBe(
      'packing list',
    );
    const byHeader = await content('locked', '/notes.txt', '', { 'x-share-password': 'hunter22' });
    expect(byHeader.status).toBe(200);
    expect(await views(created.id)).toBe(2);

    // A new password turns earlier tokens away.
    await ok(t.request('PUT', `/api/admin/fs/shares/${created.id}`, { password: 'other' }, admin));
    expect((await visit('locked', `/list?token=${token}`)).status).toBe(401);
  });

  it('serves exactly max_views downloads under 40 concurrent requests, then explains it is used up', async () => {
    const created = await ok<FsShare>(
      share({ path: '/docs/trip', slug: 'five', max_views: 5 }),
      201,
    );
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => content('five', '/notes.txt')),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200, 410]));
    expect(await views(created.id)).toBe(5);
    const used = await visit('five');
    expect(used.status).toBe(410);
    expect((await errorOf(used)).code).toBe('fs_share.views_exhausted');
  });

  it('zips a selection or the whole folder, one view per download, through a link a browser can follow', async () => {
    const created = await ok<FsShare>(
      share({ path: '/docs/trip', slug: 'zipped', password: 'hunter22' }),
      201,
    );
    const post = (rest: string, body: unknown, headers: Record<string, string> = {}) =>
      t.server.app.request(`/api/public/fs-shares/zipped${rest}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    const unlocked = { 'x-share-password': 'hunter22' };
    expect((await post('/zip', { paths: ['/'] })).status).toBe(401);

    const whole = await post('/zip', { paths: ['/'] }, unlocked);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('photos/a.txt'))).toBe(true);
    expect(bytes.includes(Buffer.from('first photo'))).toBe(true);
    expect(await views(created.id)).toBe(1);

    const link = await json<{ url: string }>(
      await post('/zip/link', { paths: ['/photos'] }, unlocked),
    );
    expect(await views(created.id)).toBe(1);
    const followed = await t.server.app.request(link.url.replace(/^https?:\/\/[^/]+/, ''));
    expect(followed.status).toBe(200);
    const picked = Buffer.from(await followed.arrayBuffer());
    expect(picked.includes(Buffer.from('a.txt'))).toBe(true);
    expect(picked.includes(Buffer.from('packing list'))).toBe(false);
    expect(await views(created.id)).toBe(2);

    const missing = await post('/zip', { paths: ['/photos', '/nope'] }, unlocked);
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).message).not.toContain('/docs');
    expect((await post('/zip', { paths: ['/../secret.txt'] }, unlocked)).status).toBe(400);
    const forged = await visit('zipped', '/zip?paths=not-packed');
    expect(forged.status).toBe(400);
    expect(await views(created.id)).toBe(2);
  });

  it('answers 410 with an explanation when the shared folder vanished outside Sharebin', async () => {
    await ok(share({ path: '/docs/trip', slug: 'gone' }), 201);
    rmSync(path.join(t.dataDir, 'storage', local.id, local.default_folder ?? '', 'trip'), {
      recursive: true,
    });
    const answer = await visit('gone');
    expect(answer.status).toBe(410);
    expect((await errorOf(answer)).code).toBe('fs_share.path_gone');
  });

  it('refuses what cannot be shared and manages shares: update, slug taken, delete', async () => {
    const root = await share({ path: '/' });
    expect(root.status).toBe(400);
    expect(
      (await t.request('POST', '/api/admin/fs/shares', { path: '/docs/none' }, admin)).status,
    ).toBe(404);
    const first = await ok<FsShare>(share({ path: '/docs/trip', slug: 'same' }), 201);
    const taken = await share({ path: '/docs/secret.txt', slug: 'same' });
    expect(taken.status).toBe(409);

    const updated = await ok<FsShare>(
      t.request('PUT', `/api/admin/fs/shares/${first.id}`, { remark: 'new', max_views: 3 }, admin),
    );
    expect(updated).toMatchObject({ remark: 'new', max_views: 3, remaining_views: 3 });
    const listed = await ok<FsShareList>(
      t.request('GET', '/api/admin/fs/shares', undefined, admin),
    );
    expect(listed.items.map((item) => item.slug)).toEqual(['same']);
    await ok(t.request('DELETE', `/api/admin/fs/shares/${first.id}`, undefined, admin));
    expect((await visit('same')).status).toBe(404);
  });

  it('lets a key share inside its base path only, read-only keys included, and manage only its own', async () => {
    const key = await fsKeyWith(t, admin, { basic_path: '/docs/trip', mount_read_only: true });
    const outside = await share({ path: '/docs/secret.txt' }, key, 'user');
    expect(outside.status).toBe(403);
    const own = await ok<FsShare>(share({ path: '/docs/trip/photos' }, key, 'user'), 201);
    expect(own.created_by).toMatch(/^apikey:/);
    const adminShare = await ok<FsShare>(share({ path: '/docs/secret.txt' }), 201);

    const mine = await ok<FsShareList>(t.request('GET', '/api/user/fs/shares', undefined, key));
    expect(mine.items.map((item) => item.id)).toEqual([own.id]);
    const foreign = await t.request(
      'DELETE',
      `/api/user/fs/shares/${adminShare.id}`,
      undefined,
      key,
    );
    expect(foreign.status).toBe(404);
    expect(await (await content(own.slug, '/a.txt')).text()).toBe('first photo');

    // A key deleted: what it shared is no longer reachable.
    const keys = await ok<{ items: { id: string }[] }>(
      t.request('GET', '/api/admin/api-keys', undefined, admin),
    );
    for (const item of keys.items) {
      await ok(t.request('DELETE', `/api/admin/api-keys/${item.id}`, undefined, admin));
    }
    expect((await content(own.slug, '/a.txt')).status).toBe(404);
  });

  it('shows thumbnails of the pictures in a shared folder, counting no view, never outside it', async () => {
    const png = await sharp({
      create: { width: 400, height: 200, channels: 3, background: '#09c' },
    })
      .png()
      .toBuffer();
    await ok(
      t.request(
        'POST',
        '/api/admin/fs/upload',
        uploadForm(png, 'beach.png', { path: '/docs/trip/photos' }, 'image/png'),
        admin,
      ),
      201,
    );
    await ok(
      t.request(
        'POST',
        '/api/admin/fs/upload',
        uploadForm(png, 'private.png', { path: '/docs' }, 'image/png'),
        admin,
      ),
      201,
    );
    const created = await ok<FsShare>(share({ path: '/docs/trip', max_views: 1 }), 201);
    const thumbnail = await visit(created.slug, '/thumbnail?path=/photos/beach.png&size=128');
    expect(thumbnail.status).toBe(200);
    expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({
      width: 128,
      height: 64,
    });
    expect(await views(created.id)).toBe(0);
    // A picture that cannot be made is refused naming it as the visitor knows it.
    await ok(
      t.request(
        'POST',
        '/api/admin/fs/upload',
        uploadForm(Buffer.from('not a png'), 'broken.png', { path: '/docs/trip/photos' }),
        admin,
      ),
      201,
    );
    const broken = await visit(created.slug, '/thumbnail?path=/photos/broken.png&size=128');
    expect(broken.status).toBe(422);
    const refusal = await broken.json();
    expect(refusal).toMatchObject({
      error: 'fs.thumbnail_failed',
      details: { path: '/photos/broken.png' },
    });
    expect(JSON.stringify(refusal)).not.toContain('/docs');
    for (const outside of ['/../private.png', '/photos/../../private.png', '%2e%2e/private.png']) {
      const refused = await visit(created.slug, `/thumbnail?path=${outside}`);
      expect(refused.status, outside).toBeGreaterThanOrEqual(400);
      expect(refused.headers.get('content-type'), outside).not.toBe('image/webp');
    }
  });
});
