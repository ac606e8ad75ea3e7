import { createHash, randomBytes } from 'node:crypto';
import type {
  FileShare,
  MultipartInitResponse,
  PresignResponse,
  PublicFile,
  StorageConfig,
  StorageTestReport,
} from '@sharebin/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { CORS_CONFIG, type S3rverInstance, startS3rver } from '../../test/s3rver';

const MIB = 1024 * 1024;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let s3: S3rverInstance;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => {
  await s3.stop();
});

describe.each(ENGINES)('file shares on S3 (s3rver) with %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let config: StorageConfig;
  beforeEach(async () => {
    admin = { token: await t.loginAsAdmin() };
    config = await t.addS3Storage(admin, s3.storageFields);
  });

  it('passes every check of the storage test, CORS from the app origin included', async () => {
    // With direct downloads on, browsers must also be able to read: s3rver's rules allow it.
    await t.request('PUT', `/api/s3-configs/${config.id}`, { direct_downloads: true }, admin);
    const report = await t.request<StorageTestReport>(
      'POST',
      `/api/s3-configs/${config.id}/test`,
      undefined,
      {
        ...admin,
        headers: { origin: 'http://localhost:8787' },
      },
    );
    expect(report.body.data.checks.map((c) => [c.name, c.ok])).toEqual([
      ['write', true],
      ['read', true],
      ['list', true],
      ['presigned_put', true],
      ['cors', true],
      ['multipart', true],
      ['delete', true],
    ]);
    expect(report.body.data.ok).toBe(true);
  });

  it('reports a wrong bucket with a readable reason per check', async () => {
    await t.request('PUT', `/api/s3-configs/${config.id}`, { bucket: 'no-such-bucket' }, admin);
    const report = await t.request<StorageTestReport>(
      'POST',
      `/api/s3-configs/${config.id}/test`,
      undefined,
      admin,
    );
    expect(report.body.data.ok).toBe(false);
    const write = report.body.data.checks.find((c) => c.name === 'write');
    expect(write?.ok).toBe(false);
    expect(write?.detail.length).toBeGreaterThan(5);
  });

  it('streams an upload to S3 and serves it back, with a range', async () => {
    const bytes = randomBytes(2 * MIB + 5);
    const form = new FormData();
    form.append('s3_config_id', config.id);
    form.append('slug', 's3-file');
    form.append('file', new Blob([bytes]), 'blob.bin');
    const response = await t.server.app.request('/api/upload', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(201);
    // SPEC §3 s3_url: the object's address in the bucket (s3rver answers it unsigned).
    const created = ((await response.json()) as { data: FileShare }).data;
    expect(created.s3_url).toBe(
      `${s3.endpoint}/${s3.bucket}/${config.default_folder}/${created.storage_path}`,
    );
    const direct = await fetch(created.s3_url as string);
    expect(sha(Buffer.from(await direct.arrayBuffer()))).toBe(sha(bytes));
    const view = await t.request<PublicFile>('GET', '/api/public/files/s3-file');
    const whole = Buffer.from(
      await (await t.server.app.request(view.body.data.download_url as string)).arrayBuffer(),
    );
    expect(sha(whole)).toBe(sha(bytes));
    const part = await t.server.app.request(view.body.data.preview_url as string, {
      headers: { range: 'bytes=10-19' },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('moves an upload to the storage and folder named by fields after the file', async () => {
    const local = (
      await t.request<StorageConfig>(
        'POST',
        '/api/s3-configs',
        { storage_type: 'local', name: 'disk' },
        admin,
      )
    ).body.data;
    const bytes = randomBytes(3 * MIB);
    // The file goes first to the default storage (this s3rver), then where the late fields say.
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'moved.bin');
    form.append('s3_config_id', local.id);
    form.append('path', '/late/folder');
    form.append('slug', 'moved');
    const response = await t.request<FileShare>('POST', '/api/upload', form, admin);
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      s3_config_id: local.id,
      path: '/late/folder',
      size: 3 * MIB,
    });
    expect(response.body.data.storage_path).toMatch(/^late\/folder\/[0-9a-f-]{36}\/moved\.bin$/);
    const s3Driver = await t.server.drivers.forConfig(config.id);
    expect((await s3Driver.list('')).objects).toEqual([]);
    const view = await t.request<PublicFile>('GET', '/api/public/files/moved');
    const whole = await t.server.app.request(view.body.data.download_url as string);
    expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(bytes));
  });

  it('sends downloads to presigned URLs on the custom host when direct downloads are on', async () => {
    const customHost = 'https://files.example.com';
    const updated = await t.request<StorageConfig>(
      'PUT',
      `/api/s3-configs/${config.id}`,
      { direct_downloads: true, custom_host: `${customHost}/`, url_expiry_seconds: 600 },
      admin,
    );
    expect(updated.body.data).toMatchObject({ direct_downloads: true, custom_host: customHost });
    const uploadAs = async (slug: string, filename: string, bytes: Buffer, type: string) => {
      const form = new FormData();
      form.append('s3_config_id', config.id);
      form.append('slug', slug);
      form.append('file', new Blob([bytes], { type }), filename);
      const response = await t.server.app.request('/api/upload', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await t.request<PublicFile>('GET', `/api/public/files/${slug}`)).body.data;
    };

    const image = randomBytes(5000);
    const view = await uploadAs('direct-img', '照片.png', image, 'image/png');
    const download = await t.server.app.request(view.download_url as string);
    expect(download.status).toBe(302);
    expect(download.headers.get('cache-control')).toBe('no-store');
    const location = new URL(download.headers.get('location') as string);
    expect(location.origin).toBe(customHost);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('600');
    // The same signed path and query, asked of the storage itself, gives the bytes.
    const fromStorage = await fetch(`${s3.endpoint}${location.pathname}${location.search}`);
    expect(Buffer.from(await fromStorage.arrayBuffer()).equals(image)).toBe(true);
    expect(fromStorage.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('照片.png')}`,
    );
    const inline = await t.server.app.request(view.preview_url as string);
    expect(inline.status).toBe(302);
    expect(
      new URL(inline.headers.get('location') as string).searchParams.get(
        'response-content-disposition',
      ),
    ).toMatch(/^inline/);

    // A PDF shows in a frame: inline it stays on this origin. Its download link lasts no
    // longer than the share.
    await t.request('PUT', `/api/s3-configs/${config.id}`, { url_expiry_seconds: 7200 }, admin);
    const form = new FormData();
    form.append('s3_config_id', config.id);
    form.append('slug', 'direct-pdf');
    form.append('expires_in', '1h');
    form.append('file', new Blob([Buffer.from('%PDF-1.4')], { type: 'application/pdf' }), 'a.pdf');
    const pdfUpload = await t.server.app.request('/api/upload', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(pdfUpload.status).toBe(201);
    const pdf = (await t.request<PublicFile>('GET', '/api/public/files/direct-pdf')).body.data;
    const preview = await t.server.app.request(pdf.preview_url as string);
    expect(preview.status).toBe(200);
    await preview.body?.cancel();
    const pdfDownload = await t.server.app.request(pdf.download_url as string);
    expect(pdfDownload.status).toBe(302);
    const pdfLocation = new URL(pdfDownload.headers.get('location') as string);
    expect(pdfLocation.searchParams.get('X-Amz-Expires')).toBe('3600');

    // Shown inline, a page could run: it stays on this server, inside the sandbox.
    const page = await uploadAs(
      'direct-html',
      'page.html',
      Buffer.from('<script>1</script>'),
      'text/html',
    );
    const shown = await t.server.app.request(page.preview_url as string);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-security-policy')).toContain('sandbox');
    expect((await t.server.app.request(page.download_url as string)).status).toBe(302);
  });

  it('presigns a PUT straight to S3, commits, and refuses a short object', async () => {
    const bytes = randomBytes(100_000);
    const presign = (
      await t.request<PresignResponse>(
        'POST',
        '/api/s3/presign',
        { s3_config_id: config.id, filename: 'direct.bin', size: bytes.length },
        admin,
      )
    ).body.data;
    expect(presign.upload_url.startsWith(s3.endpoint)).toBe(true);
    const put = await fetch(presign.upload_url, {
      method: 'PUT',
      headers: presign.upload_headers,
      body: bytes,
    });
    expect(put.status).toBe(200);
    const committed = await t.request<FileShare>(
      'POST',
      '/api/s3/commit',
      { file_id: presign.file_id },
      admin,
    );
    expect(committed.body.data.status).toBe('live');

    const missing = (
      await t.request<PresignResponse>(
        'POST',
        '/api/s3/presign',
        { s3_config_id: config.id, filename: 'never.bin', size: 10 },
        admin,
      )
    ).body.data;
    const refused = await t.request('POST', '/api/s3/commit', { file_id: missing.file_id }, admin);
    expect(refused.body.error).toBe('file.object_missing');
  });

  it('signs each part URL for its length and refuses oversized parts at the commit', async () => {
    await t.limitUploads(admin, 1, 'KB');
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { s3_config_id: config.id, filename: 'small.bin', size: 10 },
        admin,
      )
    ).body.data;
    const beyond = await t.request(
      'POST',
      '/api/s3/multipart/parts',
      { file_id: init.file_id, part_numbers: [2, 3] },
      admin,
    );
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toBe('validation.failed');
    const url = new URL(
      (
        await t.request<{ parts: { partNumber: number; url: string }[] }>(
          'POST',
          '/api/s3/multipart/parts',
          { file_id: init.file_id, part_numbers: [1] },
          admin,
        )
      ).body.data.parts[0]?.url as string,
    );
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-length');
    // s3rver checks no signature, so it stores the oversized part; the commit must refuse it.
    const put = await fetch(url, { method: 'PUT', body: randomBytes(6 * MIB) });
    expect(put.status).toBe(200);
    const done = await t.request(
      'POST',
      '/api/s3/multipart/complete',
      { file_id: init.file_id, parts: [{ partNumber: 1, etag: put.headers.get('etag') }] },
      admin,
    );
    expect(done.status).toBe(400);
    expect(done.body.error).toBe('file.size_mismatch');
    const driver = await t.server.drivers.forConfig(config.id);
    expect(await driver.listMultipartUploads()).toEqual([]);
    expect(await driver.head(init.storage_path)).toBeNull();
    expect(await t.db.selectFrom('file_shares').selectAll().execute()).toEqual([]);
  });

  it('uploads 12 MiB in parts through presigned part URLs', async () => {
    const bytes = randomBytes(12 * MIB);
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/s3/multipart/init',
        { s3_config_id: config.id, filename: 'big.bin', size: bytes.length, slug: 's3-big' },
        admin,
      )
    ).body.data;
    const urls = (
      await t.request<{ parts: { partNumber: number; url: string }[] }>(
        'POST',
        '/api/s3/multipart/parts',
        { file_id: init.file_id, part_numbers: [1, 2, 3] },
        admin,
      )
    ).body.data.parts;
    const parts = await Promise.all(
      urls.map(async ({ partNumber, url }) => {
        const body = bytes.subarray((partNumber - 1) * init.part_size, partNumber * init.part_size);
        const put = await fetch(url, { method: 'PUT', body });
        expect(put.status).toBe(200);
        return { partNumber, etag: put.headers.get('etag') as string };
      }),
    );
    const done = await t.request<FileShare>(
      'POST',
      '/api/s3/multipart/complete',
      { file_id: init.file_id, parts },
      admin,
    );
    expect(done.body.data).toMatchObject({ status: 'live', size: bytes.length });
    const view = await t.request<PublicFile>('GET', '/api/public/files/s3-big');
    const whole = Buffer.from(
      await (await t.server.app.request(view.body.data.download_url as string)).arrayBuffer(),
    );
    expect(sha(whole)).toBe(sha(bytes));
  });
});

describe('the storage test on buckets with narrow CORS rules', () => {
  const t = useTestServer('sqlite');

  it.each([
    [
      'hides ETag from browsers',
      /<ExposeHeader>.*<\/ExposeHeader>/,
      false,
      'ExposeHeaders',
      'etag_hidden',
    ],
    [
      'allows no GET, with direct downloads on',
      /<AllowedMethod>GET<\/AllowedMethod>/,
      true,
      'GET from',
      'cors_get_denied',
    ],
  ])(
    'fails the CORS check when the bucket %s, and says why',
    async (_name, cut, direct, words, reason) => {
      const narrow = await startS3rver({ cors: CORS_CONFIG.replace(cut, '') });
      try {
        const admin = { token: await t.loginAsAdmin() };
        const created = await t.request<StorageConfig>(
          'POST',
          '/api/s3-configs',
          {
            ...narrow.storageFields,
            name: 'narrow-cors',
            direct_downloads: direct,
          },
          admin,
        );
        const report = await t.request<StorageTestReport>(
          'POST',
          `/api/s3-configs/${created.body.data.id}/test`,
          undefined,
          { ...admin, headers: { origin: 'http://localhost:8787' } },
        );
        const cors = report.body.data.checks.find((check) => check.name === 'cors');
        expect(cors?.ok).toBe(false);
        expect(cors?.detail).toContain(words);
        // Named by a code too, so the web app can word it in the reader's language.
        expect(cors?.reason).toBe(reason);
        const presigned = report.body.data.checks.find((check) => check.name === 'presigned_put');
        expect(presigned?.ok).toBe(true);
        expect(report.body.data.ok).toBe(false);
      } finally {
        await narrow.stop();
      }
    },
  );
});
