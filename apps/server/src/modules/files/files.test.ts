import { createHash, randomBytes } from 'node:crypto';
import type {
  CreatedApiKey,
  FileContentLinks,
  FileShare,
  PresignResponse,
  PublicFile,
  StorageConfig,
} from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';

describe.each(ENGINES)('file shares on %s (local storage)', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
  });

  const shareCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('file_shares')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const upload = (
    bytes: Buffer,
    filename: string,
    fields: Record<string, string> = {},
    options: RequestOptions = admin,
    type = 'application/octet-stream',
  ) =>
    t.request<FileShare>('POST', '/api/upload', uploadForm(bytes, filename, fields, type), options);

  async function download(url: string, headers: Record<string, string> = {}) {
    const response = await t.server.app.request(url, { headers });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  /** An answer whose headers are all a test looks at: its body (an open file) is let go. */
  async function headersOf(url: string) {
    const response = await t.server.app.request(url);
    await response.body?.cancel();
    return response;
  }

  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  it('uploads a file, opens its share and downloads the same bytes, ranges too', async () => {
    const bytes = randomBytes(300_000);
    const uploaded = await upload(bytes, 'data.bin', { remark: 'binary', slug: 'my-data' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({
      slug: 'my-data',
      filename: 'data.bin',
      size: 300_000,
      status: 'live',
      remark: 'binary',
    });

    const view = await t.request<PublicFile>('GET', '/api/public/files/my-data');
    expect(view.body.data).toMatchObject({
      requires_password: false,
      filename: 'data.bin',
      size: 300_000,
      views: 1,
    });
    expect(view.body.data).not.toHaveProperty('remark');
    expect(JSON.stringify(view.body)).not.toContain('binary');
    const whole = await download(view.body.data.download_url as string);
    expect(whole.response.status).toBe(200);
    expect(sha(whole.bytes)).toBe(sha(bytes));
    expect(whole.response.headers.get('content-disposition')).toBe(
      'attachment; filename="data.bin"',
    );

    const part = await download(view.body.data.preview_url as string, { range: 'bytes=1000-1999' });
    expect(part.response.status).toBe(206);
    expect(part.response.headers.get('content-range')).toBe('bytes 1000-1999/300000');
    expect(part.bytes.equals(bytes.subarray(1000, 2000))).toBe(true);
    const tail = await download(view.body.data.preview_url as string, { range: 'bytes=-10' });
    expect(tail.bytes.equals(bytes.subarray(-10))).toBe(true);
    const beyond = await t.server.app.request(view.body.data.preview_url as string, {
      headers: { range: 'bytes=400000-' },
    });
    expect(beyond.status).toBe(416);
  });

  it('checks a declared size before storing and refuses a body of another length', async () => {
    await t.request(
      'PUT',
      '/api/admin/system-settings',
      { max_upload_size: 1, max_upload_size_unit: 'KB' },
      admin,
    );
    const declaredTooLarge = await upload(Buffer.from('small body'), 'a.txt', {
      size: String(5000),
    });
    expect(declaredTooLarge.status).toBe(413);
    expect(declaredTooLarge.body.error).toBe('file.too_large');
    const lying = await upload(Buffer.from('ten bytes!'), 'b.txt', { size: '20' });
    expect(lying.status).toBe(400);
    expect(await shareCount()).toBe(0);
    const honest = await upload(Buffer.from('ten bytes!'), 'c.txt', { size: '10' });
    expect(honest.status).toBe(201);
    expect(honest.body.data.size).toBe(10);
  });

  it('names non-ASCII files per RFC 6266 and sandboxes active content', async () => {
    await upload(
      Buffer.from('<script>parent.pwned = 1</script>'),
      '报告 final.html',
      { slug: 'page' },
      admin,
      'text/html',
    );
    const view = await t.request<PublicFile>('GET', '/api/public/files/page');
    const inline = await headersOf(view.body.data.preview_url as string);
    expect(inline.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(inline.headers.get('content-security-policy')).toContain('sandbox');
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff');
    expect(inline.headers.get('content-disposition')).toBe(
      `inline; filename="__ final.html"; filename*=UTF-8''${encodeURIComponent('报告 final.html')}`,
    );
    await upload(
      Buffer.from('<svg onload="alert(1)"/>'),
      'x.svg',
      { slug: 'svg' },
      admin,
      'image/svg+xml',
    );
    const svg = await t.request<PublicFile>('GET', '/api/public/files/svg');
    const svgAnswer = await headersOf(svg.body.data.preview_url as string);
    expect(svgAnswer.headers.get('content-security-policy')).toContain('sandbox');
  });

  it.each([
    ['image/png+xml', 'pic.pngx'],
    ['video/x+xml', 'clip.vx'],
  ])('sandboxes %s like any active type', async (type, filename) => {
    const uploaded = await upload(
      Buffer.from('<x:script xmlns:x="http://www.w3.org/1999/xhtml">parent.pwned=1</x:script>'),
      filename,
      { slug: 'xmlish' },
      admin,
      type,
    );
    expect(uploaded.body.data.mimetype).toBe(type);
    const view = await t.request<PublicFile>('GET', '/api/public/files/xmlish');
    const inline = await headersOf(view.body.data.preview_url as string);
    expect(inline.headers.get('content-type')).toBe(type);
    expect(inline.headers.get('content-security-policy')).toContain('sandbox');
    const download = await headersOf(view.body.data.download_url as string);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('serves text as UTF-8 unless its charset is known, inline and as a download', async () => {
    const text = Buffer.from('café, 中文');
    await upload(text, 'notes.txt', { slug: 'utf8' }, admin, 'text/plain');
    await upload(Buffer.from('caf\xe9', 'latin1'), 'old.log', { slug: 'latin1' }, admin);
    // A type with its charset, as the presigned flows store a declared one.
    await t.db
      .updateTable('file_shares')
      .set({ mimetype: 'text/plain; charset=iso-8859-1' })
      .where('slug', '=', 'latin1')
      .execute();
    for (const [slug, type] of [
      ['utf8', 'text/plain; charset=utf-8'],
      ['latin1', 'text/plain; charset=iso-8859-1'],
    ]) {
      const view = await t.request<PublicFile>('GET', `/api/public/files/${slug}`);
      for (const url of [view.body.data.preview_url, view.body.data.download_url]) {
        const answer = await headersOf(url as string);
        expect(answer.headers.get('content-type')).toBe(type);
      }
    }
    const view = await t.request<PublicFile>('GET', '/api/public/files/utf8');
    const answer = await t.server.app.request(view.body.data.preview_url as string);
    expect(Buffer.from(await answer.arrayBuffer()).equals(text)).toBe(true);
  });

  it('never serves a declared type list that a browser could read as HTML', async () => {
    const listed = 'text/plain; x, text/html';
    const refused = await upload(Buffer.from('<script>1</script>'), 'a.txt', {
      mimetype: listed,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('validation.failed');
    expect(await shareCount()).toBe(0);
    // The same list as the file part's own type is not trusted either: the name decides.
    const uploaded = await upload(
      Buffer.from('<script>parent.pwned = 1</script>'),
      'note.txt',
      { slug: 'listed' },
      admin,
      listed,
    );
    expect(uploaded.body.data.mimetype).toBe('text/plain');
    // A type stored before this rule existed is reduced when served.
    await t.db
      .updateTable('file_shares')
      .set({ mimetype: listed })
      .where('slug', '=', 'listed')
      .execute();
    const view = await t.request<PublicFile>('GET', '/api/public/files/listed');
    const inline = await headersOf(view.body.data.preview_url as string);
    expect(inline.headers.get('content-type')).toBe('application/octet-stream');
    expect(inline.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('lets the owner look at a share without its password and without using a view', async () => {
    const uploaded = await upload(Buffer.from('for one reader'), 'once.txt', {
      slug: 'once',
      password: 'pw-123456',
      max_views: '1',
    });
    const id = uploaded.body.data.id;
    const links = await t.request<FileContentLinks>(
      'GET',
      `/api/admin/files/${id}/content-links`,
      undefined,
      admin,
    );
    expect(links.status).toBe(200);
    const content = await t.server.app.request(links.body.data.preview_url);
    expect(await content.text()).toBe('for one reader');
    const record = await t.request<FileShare>('GET', `/api/admin/files/${id}`, undefined, admin);
    expect(record.body.data.views).toBe(0);
    // The one view is still there for the reader.
    const read = await t.request('POST', '/api/public/files/once/verify', {
      password: 'pw-123456',
    });
    expect(read.status).toBe(200);

    const key = await t.request<CreatedApiKey>(
      'POST',
      '/api/admin/api-keys',
      { name: 'other', file_permission: true },
      admin,
    );
    const foreign = await t.request('GET', `/api/user/files/${id}/content-links`, undefined, {
      apiKey: key.body.data.key,
    });
    expect(foreign.status).toBe(404);
    expect((await t.request('GET', '/api/public/files/nope/content-links')).status).toBe(404);
  });

  it('protects a share with a password and counts views exactly', async () => {
    await upload(Buffer.from('top secret'), 'secret.txt', {
      slug: 'locked',
      password: 'open-sesame',
      remark: 'hidden remark',
    });
    const closed = await t.request<PublicFile>('GET', '/api/public/files/locked');
    expect(closed.body.data).toEqual({ slug: 'locked', requires_password: true });
    const wrong = await t.request('POST', '/api/public/files/locked/verify', { password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('file.wrong_password');
    expect(JSON.stringify(wrong.body)).not.toContain('hidden remark');
    const open = await t.request<PublicFile>('POST', '/api/public/files/locked/verify', {
      password: 'open-sesame',
    });
    expect(open.body.data).toMatchObject({ filename: 'secret.txt', views: 1 });
    // The remark is a note for the owner: visitors never receive it, even once unlocked.
    expect(open.body.data).not.toHaveProperty('remark');
    expect(JSON.stringify(open.body)).not.toContain('hidden remark');
    const content = await download(open.body.data.preview_url as string);
    expect(content.bytes.toString()).toBe('top secret');
    const forged = await t.server.app.request('/api/public/files/locked/content?token=1.forged');
    expect(forged.status).toBe(401);
  });

  it('serves exactly k of 50 concurrent views of a share with max_views = k', async () => {
    await upload(Buffer.from('limited'), 'l.txt', { slug: 'limited', max_views: '4' });
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => t.request('GET', '/api/public/files/limited')),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(4);
    expect(responses.filter((r) => r.status === 410)).toHaveLength(46);
    expect(responses.find((r) => r.status === 410)?.body.error).toBe('file.views_exhausted');
  });

  it('expires shares and the clean-up job removes them with their objects', async () => {
    const share = (
      await upload(Buffer.from('soon gone'), 'e.txt', { slug: 'expiring', expires_in: '1h' })
    ).body.data;
    t.clock.advance(3_600_000);
    const expired = await t.request('GET', '/api/public/files/expiring');
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('file.expired');
    expect((await t.server.housekeeping()).files).toBe(1);
    const driver = await t.server.drivers.forConfig(storage.id);
    expect(await driver.head(share.storage_path)).toBeNull();
    expect(await shareCount()).toBe(0);
  });

  it('keeps explaining expired and used-up shares after they were deleted', async () => {
    await upload(Buffer.from('a'), 'a.txt', { slug: 'expiring', expires_in: '1h' });
    await upload(Buffer.from('b'), 'b.txt', { slug: 'once', max_views: '1' });
    const used = (await upload(Buffer.from('c'), 'c.txt', { slug: 'used', max_views: '1' })).body
      .data;
    const live = (await upload(Buffer.from('d'), 'd.txt', { slug: 'live' })).body.data;
    await t.request('GET', '/api/public/files/once');
    await t.request('GET', '/api/public/files/used');
    // Deleted by hand: the used-up share keeps its reason, the live one none.
    await t.request('DELETE', `/api/admin/files/${used.id}`, undefined, admin);
    await t.request('DELETE', `/api/admin/files/${live.id}`, undefined, admin);
    t.clock.advance(3_600_000);
    expect((await t.server.housekeeping()).files).toBe(2);
    expect(await shareCount()).toBe(0);

    const expired = await t.request('GET', '/api/public/files/expiring');
    expect(expired.status).toBe(410);
    expect(expired.body.error).toBe('file.expired');
    for (const slug of ['once', 'used']) {
      const response = await t.request('GET', `/api/public/files/${slug}`);
      expect(response.status).toBe(410);
      expect(response.body.error).toBe('file.views_exhausted');
    }
    const verify = await t.request('POST', '/api/public/files/once/verify', { password: 'x' });
    expect(verify.body.error).toBe('file.views_exhausted');
    expect((await t.request('GET', '/api/public/files/live')).status).toBe(404);
    expect((await t.request('GET', '/api/public/files/never-was')).status).toBe(404);
  });

  it.each([
    ['a taken slug', { slug: 'taken' }, 409, 'file.slug_taken'],
    ['a reserved slug', { slug: 'admin' }, 400, 'validation.failed'],
    ['negative max views', { max_views: '-1' }, 400, 'validation.failed'],
    ['a path with ..', { path: '/a/../../etc' }, 400, 'validation.failed'],
    ['an unknown storage', { s3_config_id: 'nope' }, 404, 'storage.config_not_found'],
  ])('refuses an upload with %s and keeps nothing of it', async (_name, fields, status, code) => {
    await upload(Buffer.from('first'), 'first.txt', { slug: 'taken' });
    const before = await shareCount();
    const response = await upload(Buffer.from('second'), 'second.txt', fields);
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(code);
    expect(await shareCount()).toBe(before);
  });

  it('refuses a file over the upload limit and one that does not fit the storage, storing nothing', async () => {
    await t.request(
      'PUT',
      '/api/admin/system-settings',
      { max_upload_size: 1, max_upload_size_unit: 'KB' },
      admin,
    );
    const tooLarge = await upload(randomBytes(4096), 'big.bin');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toBe('file.too_large');

    await t.request(
      'PUT',
      '/api/admin/system-settings',
      { max_upload_size: 1, max_upload_size_unit: 'MB' },
      admin,
    );
    await t.request('PUT', `/api/s3-configs/${storage.id}`, { total_capacity_bytes: 2000 }, admin);
    const full = await upload(randomBytes(3000), 'full.bin');
    expect(full.status).toBe(413);
    expect(full.body.error).toBe('storage.insufficient');
    expect(full.body.details).toMatchObject({ remaining: 2000, total: 2000 });
    expect(await shareCount()).toBe(0);
    const driver = await t.server.drivers.forConfig(storage.id);
    expect((await driver.list('')).objects).toEqual([]);
  });

  it('keeps keys out of storages they may not use and out of other keys’ shares', async () => {
    const key = (
      await t.request<CreatedApiKey>(
        'POST',
        '/api/admin/api-keys',
        { name: 'up', file_permission: true },
        admin,
      )
    ).body.data;
    const other = (
      await t.request<CreatedApiKey>(
        'POST',
        '/api/admin/api-keys',
        { name: 'o', file_permission: true },
        admin,
      )
    ).body.data;
    const mine = await upload(Buffer.from('mine'), 'mine.txt', {}, { apiKey: key.key });
    expect(mine.status).toBe(201);
    expect(mine.body.data.created_by).toBe(`apikey:${key.id}`);
    await upload(Buffer.from('theirs'), 'theirs.txt', {}, { apiKey: other.key });

    const list = await t.request<{ items: FileShare[] }>('GET', '/api/user/files', undefined, {
      apiKey: key.key,
    });
    expect(list.body.data.items.map((f) => f.filename)).toEqual(['mine.txt']);
    const theirs = (
      await t.request<{ items: FileShare[] }>('GET', '/api/admin/files', undefined, admin)
    ).body.data.items.find((f) => f.filename === 'theirs.txt') as FileShare;
    expect(
      (await t.request('DELETE', `/api/user/files/${theirs.id}`, undefined, { apiKey: key.key }))
        .status,
    ).toBe(404);

    await t.request('PUT', `/api/s3-configs/${storage.id}`, { allow_api_keys: false }, admin);
    const refused = await upload(Buffer.from('x'), 'x.txt', {}, { apiKey: key.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('storage.not_allowed');
    const textKey = (
      await t.request<CreatedApiKey>(
        'POST',
        '/api/admin/api-keys',
        { name: 't', text_permission: true },
        admin,
      )
    ).body.data;
    expect((await upload(Buffer.from('x'), 'x.txt', {}, { apiKey: textKey.key })).status).toBe(403);
    expect(await shareCount()).toBe(2);
  });

  it('presigns, takes the PUT through the signed URL and commits; refuses a missing or short object', async () => {
    const bytes = randomBytes(50_000);
    const presign = await t.request<PresignResponse>(
      'POST',
      '/api/s3/presign',
      { filename: 'direct.bin', size: bytes.length, slug: 'direct' },
      admin,
    );
    expect(presign.status).toBe(200);
    const { upload_url, upload_headers, file_id } = presign.body.data;
    expect(upload_url).toMatch(/^\/api\/storage\/local\/.+\/put\?/);
    expect((await t.request('GET', '/api/public/files/direct')).status).toBe(404);

    const put = await t.server.app.request(upload_url, {
      method: 'PUT',
      body: bytes,
      headers: { ...upload_headers, 'content-length': String(bytes.length) },
    });
    expect(put.status).toBe(200);
    const committed = await t.request<FileShare>('POST', '/api/s3/commit', { file_id }, admin);
    expect(committed.body.data).toMatchObject({ status: 'live', size: 50_000 });
    const view = await t.request<PublicFile>('GET', '/api/public/files/direct');
    expect(sha((await download(view.body.data.download_url as string)).bytes)).toBe(sha(bytes));

    const tampered = await t.server.app.request(upload_url.replace('sig=', 'sig=x'), {
      method: 'PUT',
      body: bytes,
    });
    expect(tampered.status).toBe(403);

    const missing = await t.request<PresignResponse>(
      'POST',
      '/api/s3/presign',
      { filename: 'never.bin', size: 10 },
      admin,
    );
    const noObject = await t.request(
      'POST',
      '/api/s3/commit',
      { file_id: missing.body.data.file_id },
      admin,
    );
    expect(noObject.status).toBe(400);
    expect(noObject.body.error).toBe('file.object_missing');

    const short = await t.request<PresignResponse>(
      'POST',
      '/api/s3/presign',
      { filename: 'short.bin', size: 100 },
      admin,
    );
    const driver = await t.server.drivers.forConfig(storage.id);
    const { Readable } = await import('node:stream');
    await driver.put(short.body.data.storage_path, Readable.from([Buffer.alloc(60)]));
    const shortCommit = await t.request(
      'POST',
      '/api/s3/commit',
      { file_id: short.body.data.file_id },
      admin,
    );
    expect(shortCommit.body.error).toBe('file.size_mismatch');
    expect(await driver.head(short.body.data.storage_path)).toBeNull();
    expect(await shareCount()).toBe(1);
  });

  it('edits and deletes shares, deleting their objects', async () => {
    const share = (await upload(Buffer.from('edit me'), 'e.txt', { slug: 'before' })).body.data;
    const edited = await t.request<FileShare>(
      'PUT',
      `/api/admin/files/${share.id}`,
      { slug: 'after', remark: 'r', password: 'pw-123', max_views: 3 },
      admin,
    );
    expect(edited.body.data).toMatchObject({
      slug: 'after',
      remark: 'r',
      has_password: true,
      max_views: 3,
    });
    const batch = await t.request(
      'POST',
      '/api/admin/files/batch-delete',
      { ids: [share.id, 'missing'] },
      admin,
    );
    expect(batch.body.data).toEqual({ deleted: 1 });
    const driver = await t.server.drivers.forConfig(storage.id);
    expect(await driver.head(share.storage_path)).toBeNull();
  });
});
