import { createHash, randomBytes } from 'node:crypto';
import type {
  CreatedApiKey,
  FileShare,
  MultipartInitResponse,
  PresignResponse,
  PublicFile,
  StorageConfig,
} from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../../test/harness';

const MIB = 1024 * 1024;
const REMOTE = 'https://downloads.example.com/files/report.pdf';

describe.each(ENGINES)('URL upload flow on %s (local storage)', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
  });

  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const driver = () => t.server.drivers.forConfig(storage.id);
  const shares = () => t.db.selectFrom('file_shares').selectAll().execute();
  const shareById = (id: string) =>
    t.db.selectFrom('file_shares').selectAll().where('id', '=', id).executeTakeFirst();

  async function createKey(
    body: Record<string, unknown>,
  ): Promise<RequestOptions & { id: string }> {
    const created = await t.request<CreatedApiKey>('POST', '/api/admin/api-keys', body, admin);
    expect(created.status).toBe(201);
    return { apiKey: created.body.data.key, id: created.body.data.id };
  }

  /** PUT the bytes to a signed URL of the local storage, as the browser does. */
  async function putTo(url: string, bytes: Buffer, headers: Record<string, string> = {}) {
    return t.server.app.request(url, {
      method: 'PUT',
      body: bytes,
      headers: { ...headers, 'content-length': String(bytes.length) },
    });
  }

  async function presign(
    body: Record<string, unknown>,
    options: RequestOptions = admin,
  ): Promise<PresignResponse> {
    const response = await t.request<PresignResponse>('POST', '/api/url/presign', body, options);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  async function downloadPublic(slug: string) {
    const view = await t.request<PublicFile>('GET', `/api/public/files/${slug}`);
    expect(view.status).toBe(200);
    const response = await t.server.app.request(view.body.data.download_url as string);
    expect(response.status).toBe(200);
    return { view: view.body.data, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  const sendParts = (init: MultipartInitResponse, bytes: Buffer, numbers?: number[]) =>
    t.sendParts('/api/url', init, bytes, admin, numbers);

  it('presigns without a size (as SPEC §7 sends it) and takes the stored size at the commit', async () => {
    const bytes = randomBytes(3000);
    const presigned = await presign({ url: REMOTE, filename: 'report.pdf', slug: 'sizeless' });
    const put = await putTo(presigned.upload_url, bytes, presigned.upload_headers);
    expect(put.status).toBe(200);
    const committed = await t.request<FileShare>(
      'POST',
      '/api/url/commit',
      { file_id: presigned.file_id },
      admin,
    );
    expect(committed.body.data).toMatchObject({ status: 'live', size: bytes.length });
    expect(sha((await downloadPublic('sizeless')).bytes)).toBe(sha(bytes));
  });

  it('holds an upload of undeclared size to the limit at the signed PUT, keeping nothing', async () => {
    await t.limitUploads(admin, 1, 'KB');
    const presigned = await presign({ url: REMOTE, filename: 'big.pdf' });
    expect(new URL(presigned.upload_url, 'http://x').searchParams.get('max')).toBe('1024');
    const put = await putTo(presigned.upload_url, randomBytes(4096), presigned.upload_headers);
    expect(put.status).toBe(413);
    expect(((await put.json()) as { error: string }).error).toBe('storage.too_large');
    expect(await (await driver()).head(presigned.storage_path)).toBeNull();
  });

  it('does not make live an upload whose record was cleaned up during the commit', async () => {
    const bytes = randomBytes(2000);
    const presigned = await presign({ url: REMOTE, filename: 'raced.pdf', size: bytes.length });
    expect((await putTo(presigned.upload_url, bytes, presigned.upload_headers)).status).toBe(200);
    // The clean-up call (or the stale-upload job) removes the record between the commit's look
    // at the stored object and its going live.
    const storageDriver = await driver();
    const head = storageDriver.head.bind(storageDriver);
    storageDriver.head = async (key) => {
      const info = await head(key);
      await t.request(
        'DELETE',
        `/api/admin/files/${presigned.file_id}?uploading_only=1`,
        undefined,
        admin,
      );
      return info;
    };
    const committed = await t.request(
      'POST',
      '/api/url/commit',
      { file_id: presigned.file_id },
      admin,
    );
    storageDriver.head = head;
    expect(committed.status).toBe(404);
    expect(await shares()).toEqual([]);
    expect(await storageDriver.head(presigned.storage_path)).toBeNull();
  });

  it('applies the upload limit at the commit when no size was declared, keeping nothing', async () => {
    await t.limitUploads(admin, 2, 'KB');
    const presigned = await presign({ url: REMOTE, filename: 'big.pdf' });
    // Within the limit at the PUT; the limit is lowered before the commit.
    expect(
      (await putTo(presigned.upload_url, randomBytes(2000), presigned.upload_headers)).status,
    ).toBe(200);
    await t.limitUploads(admin, 1, 'KB');
    const committed = await t.request(
      'POST',
      '/api/url/commit',
      { file_id: presigned.file_id },
      admin,
    );
    expect(committed.status).toBe(413);
    expect(committed.body.error).toBe('file.too_large');
    expect(await shares()).toEqual([]);
    expect(await (await driver()).head(presigned.storage_path)).toBeNull();
  });

  it('presigns, takes the bytes at the signed URL, commits and serves the share publicly', async () => {
    const bytes = randomBytes(40_000);
    const presigned = await presign({
      url: REMOTE,
      filename: 'report.pdf',
      size: bytes.length,
      slug: 'from-url',
      remark: 'fetched',
    });
    expect(presigned).toMatchObject({
      slug: 'from-url',
      provider_type: 'local',
      contentType: 'application/pdf',
    });
    expect(presigned.upload_url).toMatch(/^\/api\/storage\/local\/.+\/put\?/);
    expect(await shareById(presigned.file_id)).toMatchObject({
      status: 'uploading',
      size: bytes.length,
      storage_path: presigned.storage_path,
    });
    // Reserved, not live: visitors see nothing yet.
    const early = await t.request('GET', '/api/public/files/from-url');
    expect(early.status).toBe(404);
    expect(early.body.error).toBe('file.not_found');

    const put = await putTo(presigned.upload_url, bytes, presigned.upload_headers);
    expect(put.status).toBe(200);
    expect((await (await driver()).head(presigned.storage_path))?.size).toBe(bytes.length);

    const committed = await t.request<FileShare>(
      'POST',
      '/api/url/commit',
      { file_id: presigned.file_id },
      admin,
    );
    expect(committed.status).toBe(200);
    expect(committed.body.data).toMatchObject({
      id: presigned.file_id,
      slug: 'from-url',
      filename: 'report.pdf',
      mimetype: 'application/pdf',
      size: bytes.length,
      status: 'live',
      remark: 'fetched',
      created_by: 'admin',
    });
    expect(committed.body.data.etag).toBeTruthy();
    expect((await shareById(presigned.file_id))?.status).toBe('live');

    const { view, bytes: downloaded } = await downloadPublic('from-url');
    expect(view).toMatchObject({ filename: 'report.pdf', size: bytes.length, views: 1 });
    expect(sha(downloaded)).toBe(sha(bytes));

    const again = await t.request('POST', '/api/url/commit', { file_id: presigned.file_id }, admin);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('file.not_uploading');
    expect((await shareById(presigned.file_id))?.status).toBe('live');
  });

  it('refuses a commit whose upload never happened, and the share never goes live', async () => {
    const presigned = await presign({
      url: REMOTE,
      filename: 'ghost.bin',
      size: 1234,
      slug: 'ghost',
    });
    expect(await shareById(presigned.file_id)).toBeDefined();

    const commit = await t.request(
      'POST',
      '/api/url/commit',
      { file_id: presigned.file_id },
      admin,
    );
    expect(commit.status).toBe(400);
    expect(commit.body.error).toBe('file.object_missing');
    expect(await shares()).toEqual([]);
    const view = await t.request('GET', '/api/public/files/ghost');
    expect(view.status).toBe(404);
    expect(view.body.error).toBe('file.not_found');
    expect((await (await driver()).list('')).objects).toEqual([]);

    // The reservation is gone, so a retry is told so rather than going live.
    const retry = await t.request('POST', '/api/url/commit', { file_id: presigned.file_id }, admin);
    expect(retry.status).toBe(404);
    expect(retry.body.error).toBe('file.not_found');
  });

  it('uploads in parts through /url/multipart and serves the joined bytes', async () => {
    const bytes = randomBytes(5 * MIB + 4321);
    const init = await t.request<MultipartInitResponse>(
      'POST',
      '/api/url/multipart/init',
      { url: REMOTE, filename: 'parts.bin', size: bytes.length, slug: 'in-parts' },
      admin,
    );
    expect(init.status).toBe(200);
    expect(init.body.data).toMatchObject({ slug: 'in-parts', part_size: 5 * MIB, part_count: 2 });
    expect(await shareById(init.body.data.file_id)).toMatchObject({
      status: 'uploading',
      upload_id: init.body.data.upload_id,
    });
    const parts = await sendParts(init.body.data, bytes);

    const done = await t.request<FileShare>(
      'POST',
      '/api/url/multipart/complete',
      { file_id: init.body.data.file_id, parts },
      admin,
    );
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'live', size: bytes.length, slug: 'in-parts' });
    expect(await shareById(init.body.data.file_id)).toMatchObject({
      status: 'live',
      upload_id: null,
    });
    expect(await (await driver()).listMultipartUploads()).toEqual([]);
    expect(sha((await downloadPublic('in-parts')).bytes)).toBe(sha(bytes));
  });

  it('aborts a multipart URL upload, leaving no record, object or pending upload', async () => {
    const bytes = randomBytes(5 * MIB + 10);
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/url/multipart/init',
        { url: REMOTE, filename: 'abort.bin', size: bytes.length, slug: 'aborted' },
        admin,
      )
    ).body.data;
    await sendParts(init, bytes, [1]);
    const local = await driver();
    expect((await local.listMultipartUploads()).map((u) => u.uploadId)).toEqual([init.upload_id]);

    const aborted = await t.request(
      'POST',
      '/api/url/multipart/abort',
      { file_id: init.file_id },
      admin,
    );
    expect(aborted.status).toBe(200);
    expect(aborted.body.data).toBeNull();
    expect(await shares()).toEqual([]);
    expect(await local.listMultipartUploads()).toEqual([]);
    expect(await local.head(init.storage_path)).toBeNull();
    expect((await local.list('')).objects).toEqual([]);
    expect((await t.request('GET', '/api/public/files/aborted')).status).toBe(404);

    const twice = await t.request(
      'POST',
      '/api/url/multipart/abort',
      { file_id: init.file_id },
      admin,
    );
    expect(twice.status).toBe(404);
    expect(twice.body.error).toBe('file.not_found');
  });

  it('cancels a URL upload, dropping the reservation and the bytes already sent', async () => {
    const bytes = randomBytes(2048);
    const presigned = await presign({
      url: REMOTE,
      filename: 'cancel.bin',
      size: bytes.length,
      slug: 'cancel-me',
    });
    expect((await putTo(presigned.upload_url, bytes, presigned.upload_headers)).status).toBe(200);
    const local = await driver();
    expect(await local.head(presigned.storage_path)).not.toBeNull();

    const cancelled = await t.request(
      'POST',
      '/api/url/cancel',
      { file_id: presigned.file_id },
      admin,
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toBeNull();
    expect(await shares()).toEqual([]);
    expect(await local.head(presigned.storage_path)).toBeNull();

    const commit = await t.request(
      'POST',
      '/api/url/commit',
      { file_id: presigned.file_id },
      admin,
    );
    expect(commit.status).toBe(404);
    expect(commit.body.error).toBe('file.not_found');
    expect((await t.request('GET', '/api/public/files/cancel-me')).status).toBe(404);
    // The slug is free again.
    expect((await presign({ filename: 'again.bin', size: 1, slug: 'cancel-me' })).slug).toBe(
      'cancel-me',
    );
  });

  it('cancels a multipart URL upload through /url/cancel too', async () => {
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/url/multipart/init',
        { url: REMOTE, filename: 'mp-cancel.bin', size: 5 * MIB + 1 },
        admin,
      )
    ).body.data;
    await sendParts(init, randomBytes(5 * MIB + 1), [2]);
    const local = await driver();
    expect(await local.listMultipartUploads()).toHaveLength(1);

    const cancelled = await t.request('POST', '/api/url/cancel', { file_id: init.file_id }, admin);
    expect(cancelled.status).toBe(200);
    expect(await shares()).toEqual([]);
    expect(await local.listMultipartUploads()).toEqual([]);
  });

  it('refuses to cancel a share that is already live', async () => {
    const bytes = Buffer.from('already live');
    const presigned = await presign({ filename: 'live.txt', size: bytes.length, slug: 'live' });
    await putTo(presigned.upload_url, bytes, presigned.upload_headers);
    expect(
      (await t.request('POST', '/api/url/commit', { file_id: presigned.file_id }, admin)).status,
    ).toBe(200);

    const cancel = await t.request(
      'POST',
      '/api/url/cancel',
      { file_id: presigned.file_id },
      admin,
    );
    expect(cancel.status).toBe(409);
    expect(cancel.body.error).toBe('file.not_uploading');
    expect((await shareById(presigned.file_id))?.status).toBe('live');
    expect((await downloadPublic('live')).bytes.toString()).toBe('already live');
  });

  it('refuses every URL upload step to a key without file permission', async () => {
    const textKey = await createKey({ name: 'text only', text_permission: true });
    const reserved = await presign({ filename: 'admin.bin', size: 5 });
    const multipart = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/url/multipart/init',
        { filename: 'admin-mp.bin', size: 5 },
        admin,
      )
    ).body.data;
    const before = await shares();
    expect(before).toHaveLength(2);

    const calls: [string, unknown][] = [
      ['/api/url/presign', { url: REMOTE, filename: 'x.bin', size: 5 }],
      ['/api/url/multipart/init', { url: REMOTE, filename: 'x.bin', size: 5 }],
      ['/api/url/commit', { file_id: reserved.file_id }],
      ['/api/url/cancel', { file_id: reserved.file_id }],
      ['/api/url/multipart/parts', { file_id: multipart.file_id, part_numbers: [1] }],
      ['/api/url/multipart/abort', { file_id: multipart.file_id }],
    ];
    for (const [path, body] of calls) {
      const response = await t.request('POST', path, body, textKey);
      expect(response.status, path).toBe(403);
      expect(response.body.error, path).toBe('auth.forbidden');
    }
    expect(await shares()).toEqual(before);
    expect((await (await driver()).listMultipartUploads()).map((u) => u.uploadId)).toEqual([
      multipart.upload_id,
    ]);
  });

  it("keeps a key out of another key's URL upload", async () => {
    const owner = await createKey({ name: 'owner', file_permission: true });
    const intruder = await createKey({ name: 'intruder', file_permission: true });
    const bytes = randomBytes(3000);
    const presigned = await presign(
      { url: REMOTE, filename: 'owned.bin', size: bytes.length, slug: 'owned' },
      owner,
    );
    expect((await putTo(presigned.upload_url, bytes, presigned.upload_headers)).status).toBe(200);
    const init = (
      await t.request<MultipartInitResponse>(
        'POST',
        '/api/url/multipart/init',
        { url: REMOTE, filename: 'owned-mp.bin', size: 5 * MIB + 1 },
        owner,
      )
    ).body.data;

    const calls: [string, unknown][] = [
      ['/api/url/commit', { file_id: presigned.file_id }],
      ['/api/url/cancel', { file_id: presigned.file_id }],
      ['/api/url/cancel', { file_id: init.file_id }],
      ['/api/url/multipart/abort', { file_id: init.file_id }],
      ['/api/url/multipart/parts', { file_id: init.file_id, part_numbers: [1] }],
      [
        '/api/url/multipart/complete',
        { file_id: init.file_id, parts: [{ partNumber: 1, etag: 'x' }] },
      ],
    ];
    for (const [path, body] of calls) {
      const response = await t.request('POST', path, body, intruder);
      expect(response.status, path).toBe(404);
      expect(response.body.error, path).toBe('file.not_found');
    }
    // Nothing of the owner's was touched.
    expect(await shareById(presigned.file_id)).toMatchObject({
      status: 'uploading',
      created_by: `apikey:${owner.id}`,
    });
    expect(await shareById(init.file_id)).toMatchObject({
      status: 'uploading',
      upload_id: init.upload_id,
    });
    const local = await driver();
    expect((await local.head(presigned.storage_path))?.size).toBe(bytes.length);
    expect((await local.listMultipartUploads()).map((u) => u.uploadId)).toEqual([init.upload_id]);
    expect((await t.request('GET', '/api/public/files/owned')).status).toBe(404);

    const committed = await t.request<FileShare>(
      'POST',
      '/api/url/commit',
      { file_id: presigned.file_id },
      owner,
    );
    expect(committed.status).toBe(200);
    expect(committed.body.data).toMatchObject({ status: 'live', created_by: `apikey:${owner.id}` });
    expect(sha((await downloadPublic('owned')).bytes)).toBe(sha(bytes));
    expect(
      (await t.request('POST', '/api/url/cancel', { file_id: init.file_id }, owner)).status,
    ).toBe(200);
    expect(await local.listMultipartUploads()).toEqual([]);
  });
});
