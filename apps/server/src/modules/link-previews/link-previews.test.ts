import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileShare, FsShare, Mount, Paste, UploadRequest } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../test/fs-kit';
import { type RequestOptions, uploadForm, useTestServer } from '../../test/harness';

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="Sharebin: self-hosted online clipboard and file sharing" />
<title>Sharebin</title></head><body><div id="root"></div></body></html>`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** What a crawler reads: the HTML the server sends (it runs no script). */
describe('link previews of share pages', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'sharebin-dist-'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  const t = useTestServer('sqlite', { webDistDir: dist });
  let admin: RequestOptions;

  const crawl = async (page: string) => {
    const response = await t.server.app.request(`http://share.example${page}`, {
      headers: { 'user-agent': 'facebookexternalhit/1.1' },
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  const meta = (html: string, name: string) =>
    new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1];
  const paste = (body: Record<string, unknown>) =>
    ok<Paste>(t.request('POST', '/api/paste', body, admin), 201);
  const viewsOf = async (table: 'pastes' | 'file_shares', slug: string) =>
    (
      await t.db
        .selectFrom(table)
        .select('views')
        .where('slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).views;

  beforeEach(async () => {
    ({ admin } = await t.signInWithLocalStorage());
  });

  it("shows a paste's first line and text, escaped, without counting a view", async () => {
    const created = await paste({
      content: '# Trip notes\n\nPack the tent "and" <script>alert(1)</script> & the stove',
      format: 'markdown',
    });
    const html = await crawl(`/paste/${created.slug}`);
    expect(meta(html, 'og:title')).toBe('Trip notes');
    expect(html).toContain('<title>Trip notes · Sharebin</title>');
    expect(meta(html, 'og:description')).toBe(
      'Pack the tent &quot;and&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; the stove',
    );
    expect(html).not.toContain('<script>alert');
    expect(meta(html, 'og:site_name')).toBe('Sharebin');
    expect(meta(html, 'og:url')).toBe(`http://share.example/paste/${created.slug}`);
    expect(meta(html, 'description')).toBe(meta(html, 'og:description'));
    expect(await viewsOf('pastes', created.slug)).toBe(0);
  });

  it('gives an image share an og:image that loads without counting a view', async () => {
    const uploaded = await ok<FileShare>(
      t.request('POST', '/api/upload', uploadForm(PNG, 'sunset.png', {}, 'image/png'), admin),
      201,
    );
    const html = await crawl(`/file/${uploaded.slug}`);
    expect(meta(html, 'og:title')).toBe('sunset.png');
    expect(meta(html, 'og:description')).toBe('70 bytes · image/png');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const image = (meta(html, 'og:image') ?? '').replace(/&amp;/g, '&');
    expect(image).toMatch(/^http:\/\/share\.example\/api\/public\/files\//);
    const fetched = await t.server.app.request(image.replace('http://share.example', ''));
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(PNG);
    expect(await viewsOf('file_shares', uploaded.slug)).toBe(0);
  });

  it('says only that a protected, expired or used-up share exists', async () => {
    const locked = await paste({ content: 'secret plans', password: 'hunter22' });
    const once = await paste({ content: 'read me once', max_views: 1 });
    await ok(t.request('GET', `/api/paste/${once.slug}`));
    for (const slug of [locked.slug, once.slug]) {
      const html = await crawl(`/paste/${slug}`);
      expect(meta(html, 'og:title')).toBe('A share on Sharebin');
      expect(html).not.toContain('secret plans');
      expect(html).not.toContain('read me once');
    }
    const unknown = await crawl('/paste/no-such-paste');
    expect(unknown).toBe(INDEX);
    expect(await crawl('/upload')).toBe(INDEX);
  });

  describe('of mounted files and upload requests', () => {
    beforeEach(async () => {
      const storage = (await t.signInWithLocalStorage()).storage;
      await ok<Mount>(
        t.request(
          'POST',
          '/api/admin/mounts',
          {
            name: 'docs',
            storage_type: 'local',
            storage_config_id: storage.id,
            mount_path: '/docs',
          },
          admin,
        ),
        201,
      );
      await ok(t.request('POST', '/api/admin/fs/mkdir', { path: '/docs/trip' }, admin), 201);
    });
    const share = (body: Record<string, unknown>) =>
      ok<FsShare>(t.request('POST', '/api/admin/fs/shares', body, admin), 201);

    it('names a shared folder of a mount', async () => {
      const shared = await share({ path: '/docs/trip' });
      const html = await crawl(`/s/${shared.slug}/photos`);
      expect(meta(html, 'og:title')).toBe('trip');
      expect(meta(html, 'og:description')).toBe('A shared folder');
      expect(meta(html, 'og:image')).toBeUndefined();
    });

    it('gives a shared picture of a mount an og:image that counts no view, and only while live', async () => {
      await ok(
        t.request(
          'POST',
          '/api/admin/fs/upload',
          uploadForm(PNG, 'sunset.png', { path: '/docs/trip' }, 'image/png'),
          admin,
        ),
        201,
      );
      const shared = await share({ path: '/docs/trip/sunset.png', max_views: 1 });
      const html = await crawl(`/s/${shared.slug}`);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      const image = (meta(html, 'og:image') ?? '').replace(/&amp;/g, '&');
      expect(image).toMatch(/^http:\/\/share\.example\/api\/public\/fs-shares\/.+\?preview=/);
      const local = image.replace('http://share.example', '');
      for (let i = 0; i < 2; i += 1) {
        const fetched = await t.server.app.request(local);
        expect(fetched.status).toBe(200);
        expect(Buffer.from(await fetched.arrayBuffer())).toEqual(PNG);
      }
      const views = () =>
        t.db
          .selectFrom('fs_shares')
          .select('views')
          .where('id', '=', shared.id)
          .executeTakeFirstOrThrow();
      expect((await views()).views).toBe(0);
      // A preview token opens nothing else: a wrong one, or the share once used up.
      expect((await t.server.app.request(`${local}x`)).status).toBe(401);
      const visit = await t.server.app.request(`/api/public/fs-shares/${shared.slug}/content`);
      expect(visit.status).toBe(200);
      expect((await t.server.app.request(local)).status).toBe(410);
    });

    it('invites to an upload request; a protected one says only that it exists', async () => {
      const open = await ok<UploadRequest>(
        t.request('POST', '/api/admin/upload-requests', { path: '/docs/trip' }, admin),
        201,
      );
      const html = await crawl(`/r/${open.slug}`);
      expect(meta(html, 'og:title')).toBe('Send files to “trip”');
      expect(meta(html, 'og:url')).toBe(`http://share.example/r/${open.slug}`);
      const locked = await ok<UploadRequest>(
        t.request(
          'POST',
          '/api/admin/upload-requests',
          { path: '/docs/trip', password: 'hunter22' },
          admin,
        ),
        201,
      );
      const lockedHtml = await crawl(`/r/${locked.slug}`);
      expect(meta(lockedHtml, 'og:title')).toBe('A share on Sharebin');
      expect(lockedHtml).not.toContain('trip');
    });
  });
});
