import { randomBytes } from 'node:crypto';
import type { FileShare, MultipartInitResponse, PublicFile, StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../../test/harness';

const MIB = 1024 * 1024;

describe.each(ENGINES)('resuming a share upload on %s (local storage)', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
  });

  const bytes = randomBytes(12 * MIB + 5);
  const fingerprint = 'resume-check-fingerprint-0123456789';
  const init = (body: Record<string, unknown> = {}) =>
    t.request<MultipartInitResponse>(
      'POST',
      '/api/s3/multipart/init',
      { filename: 'movie.mkv', size: bytes.length, fingerprint, ...body },
      admin,
    );
  const shares = () => t.db.selectFrom('file_shares').selectAll().orderBy('id').execute();
  const complete = async (started: MultipartInitResponse, sent: { partNumber: number }[]) => {
    const held = new Set(sent.map((part) => part.partNumber));
    const numbers = Array.from({ length: started.part_count }, (_, i) => i + 1).filter(
      (n) => !held.has(n),
    );
    const rest = await t.sendParts('/api/s3', started, bytes, admin, numbers);
    return t.request<FileShare>(
      'POST',
      '/api/s3/multipart/complete',
      { file_id: started.file_id, parts: [...sent, ...rest] },
      admin,
    );
  };

  it('refuses a resume over a lowered upload limit as a fresh init of that size, keeping the upload as it was', async () => {
    const first = (await init({ slug: 'held-movie', remark: 'first' })).body.data;
    const sent = await t.sendParts('/api/s3', first, bytes, admin, [1]);
    const before = await shares();

    await t.limitUploads(admin, 10, 'MB');
    t.clock.advance(60_000);
    const fresh = await init({ fingerprint: 'another-file-fingerprint-00000' });
    const resumed = await init({ slug: 'other-slug', remark: 'second', password: 'pw' });
    expect(fresh.status).toBe(413);
    expect(fresh.body.error).toBe('file.too_large');
    expect([resumed.status, resumed.body]).toEqual([fresh.status, fresh.body]);

    // Nothing changed: the share keeps its options and activity, the storage its upload and part.
    expect(await shares()).toEqual(before);
    const driver = await t.server.drivers.forConfig(storage.id);
    expect((await driver.listMultipartUploads()).map((upload) => upload.uploadId)).toEqual([
      first.upload_id,
    ]);
    expect(
      (await driver.listParts(first.storage_path, first.upload_id)).map((p) => p.partNumber),
    ).toEqual([1]);

    // The limit raised again, the same file goes on from the part stored.
    await t.limitUploads(admin, 20, 'MB');
    const again = (await init()).body.data;
    expect(again).toMatchObject({ file_id: first.file_id, upload_id: first.upload_id });
    expect(again.uploaded_parts.map((part) => part.partNumber)).toEqual([1]);
    const done = await complete(again, sent);
    expect(done.body.data).toMatchObject({ status: 'live', size: bytes.length });
  });

  it('takes the password of the resuming call: none removes the earlier one, a new one is hashed', async () => {
    const first = (await init({ slug: 'guarded', password: 'first-secret' })).body.data;
    const sent = await t.sendParts('/api/s3', first, bytes, admin, [1]);
    expect((await shares())[0]?.password_hash).not.toBeNull();

    const open = (await init({ slug: 'guarded' })).body.data;
    expect(open.file_id).toBe(first.file_id);
    expect((await shares())[0]?.password_hash).toBeNull();

    const guarded = (await init({ slug: 'guarded', password: 'second-secret' })).body.data;
    expect(guarded.file_id).toBe(first.file_id);
    const hash = (await shares())[0]?.password_hash;
    expect(hash).toEqual(expect.any(String));
    expect(hash).not.toContain('second-secret');

    const unguarded = (await init({ slug: 'guarded' })).body.data;
    expect((await complete(unguarded, sent)).status).toBe(200);
    const view = await t.request<PublicFile>('GET', '/api/public/files/guarded');
    expect(view.status).toBe(200);
    expect(view.body.data.requires_password).toBe(false);
    expect(view.body.data.download_url).toEqual(expect.any(String));
  });
});
