import type { FileShare, PresignResponse, PublicFile, StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../../test/harness';

const HOUR = 60 * 60 * 1000;

/**
 * SPEC §7 `s3/commit` carries the share options (slug, remark, password, expires_in, max_views,
 * filename, mimetype) besides `file_id`: a script that gives them at the commit gets them.
 */
describe.each(ENGINES)('options given at s3/commit, on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
  });

  /** A presigned upload of `bytes`, its PUT done: ready to commit. */
  async function presignAndPut(bytes: Buffer, fields: Record<string, unknown> = {}) {
    const presign = await t.request<PresignResponse>(
      'POST',
      '/api/s3/presign',
      { filename: 'report.txt', size: bytes.length, ...fields },
      admin,
    );
    expect(presign.status).toBe(200);
    const { upload_url, upload_headers } = presign.body.data;
    const put = await t.server.app.request(upload_url, {
      method: 'PUT',
      body: bytes,
      headers: { ...upload_headers, 'content-length': String(bytes.length) },
    });
    expect(put.status).toBe(200);
    return presign.body.data;
  }

  const commit = (body: Record<string, unknown>) =>
    t.request<FileShare>('POST', '/api/s3/commit', body, admin);

  const rowOf = (id: string) =>
    t.db.selectFrom('file_shares').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('applies every SPEC option given at the commit, as a script following the SPEC sends them', async () => {
    const bytes = Buffer.from('quarterly numbers');
    const presigned = await presignAndPut(bytes);
    const committed = await commit({
      file_id: presigned.file_id,
      s3_config_id: storage.id,
      storage_path: presigned.storage_path,
      s3_url: presigned.s3_url,
      filename: 'q3.md',
      mimetype: 'text/markdown',
      size: bytes.length,
      etag: '"whatever the PUT answered"',
      slug: 'q3-report',
      remark: 'for the board',
      password: 'open sesame',
      expires_in: '1h',
      max_views: 2,
    });
    expect(committed.status).toBe(200);
    expect(committed.body.data).toMatchObject({
      status: 'live',
      slug: 'q3-report',
      filename: 'q3.md',
      mimetype: 'text/markdown',
      remark: 'for the board',
      has_password: true,
      max_views: 2,
      expires_at: new Date(t.clock.now() + HOUR).toISOString(),
    });
    const row = await rowOf(presigned.file_id);
    expect(row).toMatchObject({
      slug: 'q3-report',
      max_views: 2,
      expires_at: t.clock.now() + HOUR,
    });
    expect(row.password_hash).not.toContain('open sesame');

    // Protected: a view needs the password, and the password opens it.
    const view = await t.request<PublicFile>('GET', '/api/public/files/q3-report');
    expect(view.body.data).toEqual({ slug: 'q3-report', requires_password: true });
    const wrong = await t.request('POST', '/api/public/files/q3-report/verify', {
      password: 'nope',
    });
    expect(wrong.status).toBe(401);
    const opened = await t.request<PublicFile>('POST', '/api/public/files/q3-report/verify', {
      password: 'open sesame',
    });
    expect(opened.body.data).toMatchObject({ filename: 'q3.md', remaining_views: 1 });

    // And it expires.
    t.clock.advance(HOUR + 1);
    expect((await t.request('GET', '/api/public/files/q3-report')).status).toBe(410);
  });

  it('keeps the presign options the commit leaves out; an empty password removes one', async () => {
    const kept = await presignAndPut(Buffer.from('a'), {
      slug: 'kept',
      remark: 'from the presign',
      password: 'pw-1',
      max_views: 5,
      expires_in: '1d',
    });
    expect((await commit({ file_id: kept.file_id })).body.data).toMatchObject({
      slug: 'kept',
      remark: 'from the presign',
      has_password: true,
      max_views: 5,
      expires_at: new Date(t.clock.now() + 24 * HOUR).toISOString(),
    });

    const changed = await presignAndPut(Buffer.from('b'), { slug: 'first', password: 'pw-2' });
    expect(
      (await commit({ file_id: changed.file_id, slug: '', password: '', max_views: 0 })).body.data,
    ).toMatchObject({ slug: 'first', has_password: false, max_views: 0, expires_at: null });
  });

  it('refuses bad options as the other flows do, and a taken slug leaves the upload to commit again', async () => {
    const presigned = await presignAndPut(Buffer.from('c'));
    for (const [field, value] of [
      ['max_views', -1],
      ['expires_in', '2h'],
      ['slug', 'no spaces'],
      ['filename', 'a/b.txt'],
    ] as const) {
      const refused = await commit({ file_id: presigned.file_id, [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('validation.failed');
      expect(refused.body.details).toEqual(
        expect.arrayContaining([expect.objectContaining({ location: 'body', path: field })]),
      );
    }
    expect((await rowOf(presigned.file_id)).status).toBe('uploading');

    await presignAndPut(Buffer.from('d'), { slug: 'taken' });
    const clash = await commit({ file_id: presigned.file_id, slug: 'taken' });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('file.slug_taken');
    expect((await rowOf(presigned.file_id)).status).toBe('uploading');
    const retried = await commit({ file_id: presigned.file_id, slug: 'free' });
    expect(retried.body.data).toMatchObject({ status: 'live', slug: 'free' });
  });

  it('refuses a commit naming another upload’s storage or key, or another size', async () => {
    const presigned = await presignAndPut(Buffer.from('twelve bytes'));
    const other = await commit({ file_id: presigned.file_id, storage_path: 'elsewhere/x.txt' });
    expect(other.status).toBe(400);
    expect(other.body.details).toEqual([expect.objectContaining({ path: 'storage_path' })]);
    const otherStorage = await commit({ file_id: presigned.file_id, s3_config_id: 'nope' });
    expect(otherStorage.status).toBe(400);
    expect((await rowOf(presigned.file_id)).status).toBe('uploading');

    const wrongSize = await commit({ file_id: presigned.file_id, size: 11 });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.error).toBe('file.size_mismatch');
    const driver = await t.server.drivers.forConfig(storage.id);
    expect(await driver.head(presigned.storage_path)).toBeNull();
  });
});
