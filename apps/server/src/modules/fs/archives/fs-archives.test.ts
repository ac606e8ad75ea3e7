import { gzipSync } from 'node:zlib';
import type { FsArchiveListing } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { tarOf, zipOf } from '../../../test/archive-kit';
import {
  adminWithDocsMount,
  ENGINE_DRIVER_CASES,
  fsKeyWith,
  ok,
  putInto,
  useS3rver,
} from '../../../test/fs-kit';
import { type RequestOptions, useTestServer } from '../../../test/harness';

describe.each(ENGINE_DRIVER_CASES)('archives on %s over %s storage', (engine, driverKind) => {
  const t = useTestServer(engine);
  const s3rver = useS3rver();
  let admin: RequestOptions;

  const put = (folder: string, name: string, bytes: Buffer) =>
    putInto(t, admin, folder, name, bytes);
  const list = (file: string, as = admin, prefix = 'admin') =>
    t.request<FsArchiveListing>(
      'GET',
      `/api/${prefix}/fs/archive?path=${encodeURIComponent(file)}`,
      undefined,
      as,
    );
  const entry = (file: string, name: string) =>
    t.server.app.request(
      `/api/admin/fs/archive/entry?path=${encodeURIComponent(file)}&entry=${encodeURIComponent(name)}`,
      { headers: { authorization: `Bearer ${admin.token}` } },
    );

  beforeEach(async () => {
    ({ admin } = await adminWithDocsMount(t, driverKind, s3rver));
  });

  it('lists a zip by its directory and streams one of its files out', async () => {
    const text = 'Lorem ipsum dolor sit amet. '.repeat(200);
    await put(
      '/docs',
      'bundle.zip',
      zipOf([
        { name: 'docs/', bytes: Buffer.alloc(0) },
        { name: 'docs/readme.txt', bytes: Buffer.from(text), deflate: true },
        { name: 'page.html', bytes: Buffer.from('<script>alert(1)</script>') },
        { name: '../escape.txt', bytes: Buffer.from('out') },
      ]),
    );
    const listing = await ok(list('/docs/bundle.zip'));
    expect(listing).toMatchObject({ path: '/docs/bundle.zip', format: 'zip', truncated: false });
    expect(listing.entries.map((e) => [e.name, e.is_directory, e.unsafe])).toEqual([
      ['docs/', true, false],
      ['docs/readme.txt', false, false],
      ['page.html', false, false],
      ['../escape.txt', false, true],
    ]);
    const readme = listing.entries[1];
    expect(readme?.size).toBe(text.length);
    expect(readme?.compressed_size).toBeLessThan(text.length / 10);
    expect(readme?.modified).toMatch(/^2025-09-01T/);

    const out = await entry('/docs/bundle.zip', 'docs/readme.txt');
    expect(out.status).toBe(200);
    expect(await out.text()).toBe(text);
    // What a browser could run is served sandboxed, as every user file is.
    const page = await entry('/docs/bundle.zip', 'page.html');
    expect(page.headers.get('content-security-policy')).toContain('sandbox');
    await page.arrayBuffer();
    expect((await entry('/docs/bundle.zip', 'docs/missing.txt')).status).toBe(404);
  });

  it('lists a tar and a tar.gz in one pass, marking links and escaping names', async () => {
    const archive = await tarOf([
      { name: 'site/', type: 'directory' },
      { name: 'site/index.md', text: '# Hello' },
      { name: 'site/passwd', type: 'symlink' },
      { name: '/etc/cron.d/evil', text: 'x' },
    ]);
    await put('/docs', 'site.tar', archive);
    await put('/docs', 'site.tgz', gzipSync(archive));
    for (const file of ['/docs/site.tar', '/docs/site.tgz']) {
      const listing = await ok(list(file));
      expect(listing.format).toBe(file.endsWith('.tgz') ? 'tar.gz' : 'tar');
      expect(listing.entries.map((e) => [e.name, e.is_directory, e.unsafe])).toEqual([
        ['site/', true, false],
        ['site/index.md', false, false],
        ['site/passwd', false, true],
        ['/etc/cron.d/evil', false, true],
      ]);
      expect(listing.entries[1]).toMatchObject({ size: 7, compressed_size: null });
      const out = await entry(file, 'site/index.md');
      expect(await out.text()).toBe('# Hello');
      // A link is never followed out of the archive.
      expect((await entry(file, 'site/passwd')).status).toBe(404);
    }
  });

  it('refuses what is not an archive, a damaged one, and a path outside a key’s base path', async () => {
    await put('/docs', 'notes.txt', Buffer.from('plain'));
    await put('/docs', 'broken.zip', Buffer.from('PK not really a zip'));
    await put('/docs', 'broken.tgz', Buffer.from('not gzip either'));
    expect((await list('/docs/notes.txt')).body.error).toBe('fs.archive_unsupported');
    expect((await list('/docs/broken.zip')).body.error).toBe('fs.archive_unreadable');
    expect((await list('/docs/broken.tgz')).body.error).toBe('fs.archive_unreadable');
    expect((await list('/docs/none.zip')).status).toBe(404);

    await put('/docs/mine', 'a.zip', zipOf([{ name: 'a.txt', bytes: Buffer.from('a') }]));
    await put('/docs/theirs', 'b.zip', zipOf([{ name: 'b.txt', bytes: Buffer.from('b') }]));
    const key = await fsKeyWith(t, admin, { basic_path: '/docs/mine', mount_read_only: true });
    expect((await list('/docs/mine/a.zip', key, 'user')).status).toBe(200);
    expect((await list('/docs/theirs/b.zip', key, 'user')).status).toBe(403);
  });
});
