import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  CreatedApiKey,
  CreatedFileShare,
  FileShare,
  PresignResponse,
  StorageConfig,
} from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { filesUnder } from '../../../test/files-under';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../../test/harness';

/** A multipart body written by hand, for the forms a browser would never send. */
function rawForm(boundary: string, parts: string[], end = `--${boundary}--\r\n`) {
  return parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + end;
}

describe.each(ENGINES)('POST /api/upload forms on %s (local storage)', (engine) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sharebin-form-'));
  const t = useTestServer(engine, { dataDir });
  let admin: RequestOptions;
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
  });

  const rows = () => t.db.selectFrom('file_shares').selectAll().execute();
  const storedFiles = () => filesUnder(path.join(dataDir, 'storage', storage.id));
  async function expectNothingStored() {
    expect(await rows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  }

  const post = (body: FormData | string, headers: Record<string, string>, options = admin) =>
    t.request<FileShare>('POST', '/api/upload', body, { ...options, headers });

  it('stores nothing when a form carries two files', async () => {
    const form = uploadForm(Buffer.from('first file'), 'one.txt', { slug: 'two-files' });
    form.append('file', new Blob(['second file']), 'two.txt');
    const response = await t.request('POST', '/api/upload', form, admin);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('request.malformed_form');
    expect((await t.request('GET', '/api/public/files/two-files')).status).toBe(404);
    await expectNothingStored();
  });

  it('takes fields after the file, as curl -F file=@x -F slug=y sends them', async () => {
    const form = new FormData();
    form.append('file', new Blob(['late fields']), 'notes.txt');
    form.append('slug', 'late-slug');
    form.append('remark', 'sent after the file');
    form.append('max_views', '3');
    form.append('password', 'pw');
    form.append('path', '/later');
    const response = await t.request<FileShare>('POST', '/api/upload', form, admin);
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      slug: 'late-slug',
      remark: 'sent after the file',
      max_views: 3,
      has_password: true,
      path: '/later',
      size: 11,
      status: 'live',
    });
    expect(response.body.data.storage_path).toMatch(/^later\/[0-9a-f-]{36}\/notes\.txt$/);
    // The object sits only where the record says: the first copy went.
    expect(storedFiles()).toEqual([
      path.join(dataDir, 'storage', storage.id, response.body.data.storage_path),
    ]);
    const view = await t.request('POST', '/api/public/files/late-slug/verify', { password: 'pw' });
    expect(view.status).toBe(200);
  });

  it.each([
    ['an invalid slug', { slug: 'no spaces allowed' }, 400, 'validation.failed'],
    ['negative max views', { max_views: '-1' }, 400, 'validation.failed'],
    ['a size other than the bytes sent', { size: '3' }, 400, 'file.size_mismatch'],
    ['an unknown storage', { s3_config_id: 'nope' }, 404, 'storage.config_not_found'],
  ])('refuses %s after the file and keeps nothing', async (_case, fields, status, code) => {
    const form = new FormData();
    form.append('file', new Blob(['refused late']), 'late.txt');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const response = await t.request('POST', '/api/upload', form, admin);
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(code);
    await expectNothingStored();
  });

  it('refuses a slug taken by another share when it comes after the file', async () => {
    expect((await post(uploadForm(Buffer.from('a'), 'a.txt', { slug: 'taken' }), {})).status).toBe(
      201,
    );
    const form = new FormData();
    form.append('file', new Blob(['b']), 'b.txt');
    form.append('slug', 'taken');
    const response = await t.request('POST', '/api/upload', form, admin);
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('file.slug_taken');
    expect((await rows()).map((row) => row.filename)).toEqual(['a.txt']);
    expect(storedFiles()).toHaveLength(1);
  });

  it.each([
    [
      'a missing boundary',
      'multipart/form-data',
      rawForm('b', ['Content-Disposition: form-data; name="file"; filename="x.txt"\r\n\r\nhello']),
    ],
    [
      'a truncated form',
      'multipart/form-data; boundary=b',
      rawForm(
        'b',
        ['Content-Disposition: form-data; name="file"; filename="x.txt"\r\n\r\nhello'],
        '',
      ),
    ],
    [
      'a NUL in the file name',
      'multipart/form-data; boundary=b',
      rawForm('b', [
        'Content-Disposition: form-data; name="file"; filename="x\0y.txt"\r\n\r\nhello',
      ]),
    ],
    [
      'a CR LF in the file name',
      'multipart/form-data; boundary=b',
      rawForm('b', [
        `Content-Disposition: form-data; name="file"; filename*=utf-8''x%0D%0Ay.txt\r\n\r\nhello`,
      ]),
    ],
    ['a broken part header', 'multipart/form-data; boundary=b', rawForm('b', ['no header here'])],
  ])('answers 400 to %s and writes nothing', async (_case, contentType, body) => {
    const response = await post(body, { 'content-type': contentType });
    expect(response.status).toBe(400);
    expect(['request.malformed_form', 'validation.failed']).toContain(response.body.error);
    await expectNothingStored();
  });

  it('refuses a Content-Length over the upload limit before reading the body', async () => {
    await t.request(
      'PUT',
      '/api/admin/system-settings',
      { max_upload_size: 1, max_upload_size_unit: 'KB' },
      admin,
    );
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > 40) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await t.server.app.request('/api/upload', {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': 'multipart/form-data; boundary=b',
        'content-length': String(100 * 1024 * 1024),
      },
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe('file.too_large');
    // A stream pulls ahead once when it is set up; the server never read from it.
    expect(pulled).toBeLessThanOrEqual(1);
    await expectNothingStored();
  });

  it.each(['file.__proto__', 'file.constructor', 'x.hasOwnProperty'])(
    'uploads and presigns a file named %s',
    async (filename) => {
      const uploaded = await post(uploadForm(Buffer.from('odd name'), filename), {});
      expect(uploaded.status).toBe(201);
      expect(uploaded.body.data.mimetype).toBe('application/octet-stream');
      const presigned = await t.request<PresignResponse>(
        'POST',
        '/api/s3/presign',
        { filename, size: 4 },
        admin,
      );
      expect(presigned.status).toBe(200);
    },
  );

  describe('a key held to /docs', () => {
    let key: RequestOptions;
    beforeEach(async () => {
      await t.request('PUT', `/api/s3-configs/${storage.id}`, { allow_api_keys: true }, admin);
      const created = await t.request<CreatedApiKey>(
        'POST',
        '/api/admin/api-keys',
        { name: 'docs', file_permission: true, basic_path: '/docs' },
        admin,
      );
      key = { apiKey: created.body.data.key };
    });

    it('files shares under /docs, by default too', async () => {
      const inside = await post(
        uploadForm(Buffer.from('x'), 'a.txt', { path: '/docs/sub' }),
        {},
        key,
      );
      expect(inside.status).toBe(201);
      expect(inside.body.data.path).toBe('/docs/sub');
      const byDefault = await post(uploadForm(Buffer.from('x'), 'b.txt'), {}, key);
      expect(byDefault.status).toBe(201);
      expect(byDefault.body.data.path).toBe('/docs');
    });

    it.each([
      ['the form, before the file', 'before'],
      ['the form, after the file', 'after'],
      ['a presign', '/api/s3/presign'],
      ['a multipart init', '/api/s3/multipart/init'],
      ['a URL presign', '/api/url/presign'],
      ['a URL multipart init', '/api/url/multipart/init'],
    ])('refuses /secret through %s with 403, writing nothing', async (_case, flow) => {
      let response: Awaited<ReturnType<typeof post>>;
      if (flow === 'before') {
        response = await post(uploadForm(randomBytes(10), 'a.txt', { path: '/secret' }), {}, key);
      } else if (flow === 'after') {
        const form = new FormData();
        form.append('file', new Blob(['x']), 'a.txt');
        form.append('path', '/docs-other');
        response = await t.request('POST', '/api/upload', form, key);
      } else {
        // Bodies are strict: only the URL flows take `url`.
        const source = flow.startsWith('/api/url/') ? { url: 'https://example.com/a.txt' } : {};
        response = await t.request(
          'POST',
          flow,
          { filename: 'a.txt', size: 10, path: '/secret', ...source },
          key,
        );
      }
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('auth.forbidden');
      await expectNothingStored();
    });
  });

  describe('the clean-up call of a presigned upload (DELETE ?uploading_only=1)', () => {
    /** Reserves a share and PUTs its bytes through the signed URL; commits it if asked. */
    async function presign(who: RequestOptions, { commit }: { commit: boolean }) {
      const presigned = await t.request<PresignResponse>(
        'POST',
        '/api/s3/presign',
        { filename: 'p.txt', size: 5 },
        who,
      );
      const { upload_url, upload_headers, file_id } = presigned.body.data;
      const put = await t.server.app.request(upload_url, {
        method: 'PUT',
        body: 'hello',
        headers: { ...upload_headers, 'content-length': '5' },
      });
      expect(put.status).toBe(200);
      if (commit) {
        expect((await t.request('POST', '/api/s3/commit', { file_id }, who)).status).toBe(200);
      }
      return file_id;
    }

    it.each(['admin', 'user'])(
      'leaves a committed share in place with 409 (%s route)',
      async (scope) => {
        await t.request('PUT', `/api/s3-configs/${storage.id}`, { allow_api_keys: true }, admin);
        const created = await t.request<CreatedApiKey>(
          'POST',
          '/api/admin/api-keys',
          { name: 'k', file_permission: true },
          admin,
        );
        const who = scope === 'admin' ? admin : { apiKey: created.body.data.key };
        const fileId = await presign(who, { commit: true });
        const cleanUp = await t.request(
          'DELETE',
          `/api/${scope}/files/${fileId}?uploading_only=1`,
          undefined,
          who,
        );
        expect(cleanUp.status).toBe(409);
        expect(cleanUp.body.error).toBe('file.already_live');
        expect((await rows()).map((row) => row.status)).toEqual(['live']);
        expect(storedFiles()).toHaveLength(1);
      },
    );

    it('still removes an upload never committed; a plain DELETE removes a live one', async () => {
      const pending = await presign(admin, { commit: false });
      const cleanUp = await t.request(
        'DELETE',
        `/api/admin/files/${pending}?uploading_only=1`,
        undefined,
        admin,
      );
      expect(cleanUp.status).toBe(200);
      await expectNothingStored();

      const live = await presign(admin, { commit: true });
      const plain = await t.request('DELETE', `/api/admin/files/${live}`, undefined, admin);
      expect(plain.status).toBe(200);
      await expectNothingStored();
    });
  });
});

describe.each(ENGINES)('answers of new file shares on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  beforeEach(async () => {
    ({ admin } = await t.signInWithLocalStorage());
  });

  const get = (url: string) => t.server.app.request(url.replace(/^http:\/\/localhost/, ''));

  it('carry the share URL and a download URL that curl -OJ can save', async () => {
    const uploaded = await t.request<CreatedFileShare>(
      'POST',
      '/api/upload',
      uploadForm(Buffer.from('for scripts'), 'notes.txt', { slug: 'scripted' }),
      admin,
    );
    expect(uploaded.status).toBe(201);
    const share = uploaded.body.data;
    expect(share.file_id).toBe(share.id);
    expect(share.s3_url).toBeNull(); // local storage has no bucket address
    expect(share.share_url).toBe('http://localhost/file/scripted');
    expect(share.download_url).toBe(
      'http://localhost/api/public/files/scripted/content?download=1',
    );
    const download = await get(share.download_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="notes.txt"/,
    );
    expect(await download.text()).toBe('for scripts');
    // A script's download is a view like any other.
    expect(
      (await t.request<FileShare>('GET', `/api/admin/files/${share.id}`, undefined, admin)).body
        .data.views,
    ).toBe(1);
  });

  it('put the password in the download URL of a protected share, which the route checks', async () => {
    const uploaded = await t.request<CreatedFileShare>(
      'POST',
      '/api/upload',
      uploadForm(Buffer.from('secret bytes'), 's.txt', { slug: 'locked', password: 'p w&d' }),
      admin,
    );
    const { download_url } = uploaded.body.data;
    expect(download_url).toBe(
      'http://localhost/api/public/files/locked/content?download=1&password=p+w%26d',
    );
    expect(await (await get(download_url)).text()).toBe('secret bytes');
    const without = await get('/api/public/files/locked/content?download=1');
    expect(without.status).toBe(401);
    expect(((await without.json()) as { error: string }).error).toBe('file.password_required');
    const wrong = await get('/api/public/files/locked/content?download=1&password=nope');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe('file.wrong_password');
  });

  it('carry the links on commits too, and every file share carries file_id and s3_url', async () => {
    const presigned = await t.request<PresignResponse>(
      'POST',
      '/api/s3/presign',
      { filename: 'c.txt', size: 2, slug: 'committed' },
      admin,
    );
    const { upload_url, upload_headers, file_id } = presigned.body.data;
    await t.server.app.request(upload_url, {
      method: 'PUT',
      body: 'ok',
      headers: { ...upload_headers, 'content-length': '2' },
    });
    const committed = await t.request<CreatedFileShare>(
      'POST',
      '/api/s3/commit',
      { file_id },
      admin,
    );
    expect(committed.body.data).toMatchObject({
      file_id,
      s3_url: null,
      share_url: 'http://localhost/file/committed',
      download_url: 'http://localhost/api/public/files/committed/content?download=1',
    });
    const list = await t.request<{ items: FileShare[] }>(
      'GET',
      '/api/admin/files',
      undefined,
      admin,
    );
    expect(list.body.data.items[0]).toMatchObject({ file_id, s3_url: null });
  });
});

describe('answers of new file shares behind PUBLIC_URL', () => {
  const t = useTestServer('sqlite', { publicUrl: 'https://share.example.org' });

  it('build their links on PUBLIC_URL', async () => {
    const { admin } = await t.signInWithLocalStorage();
    const uploaded = await t.request<CreatedFileShare>(
      'POST',
      '/api/upload',
      uploadForm(Buffer.from('x'), 'x.txt', { slug: 'public-url' }),
      admin,
    );
    expect(uploaded.body.data.share_url).toBe('https://share.example.org/file/public-url');
    expect(uploaded.body.data.download_url).toBe(
      'https://share.example.org/api/public/files/public-url/content?download=1',
    );
  });
});
