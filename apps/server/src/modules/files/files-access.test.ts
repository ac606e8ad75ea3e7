import { randomBytes } from 'node:crypto';
import type {
  CreatedApiKey,
  FileList,
  FileShare,
  MultipartInitResponse,
  PublicFile,
  StorageConfig,
} from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, uploadForm, useTestServer } from '../../test/harness';
import { PASSWORD_RULE_PER_SHARE } from '../shares/share-password';

/** The three calls that reserve a share before any byte is sent. */
const RESERVING_ROUTES = ['/api/s3/presign', '/api/s3/multipart/init', '/api/url/presign'];

describe.each(ENGINES)('file access rules on %s (local storage)', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let storage: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage } = await t.signInWithLocalStorage());
  });

  const shares = () => t.db.selectFrom('file_shares').selectAll().orderBy('filename').execute();
  const shareById = (id: string) =>
    t.db.selectFrom('file_shares').selectAll().where('id', '=', id).executeTakeFirst();
  const adminFiles = async () =>
    (await t.request<FileList>('GET', '/api/admin/files', undefined, admin)).body.data;

  async function createKey(
    body: Record<string, unknown>,
  ): Promise<RequestOptions & { id: string }> {
    const created = await t.request<CreatedApiKey>('POST', '/api/admin/api-keys', body, admin);
    expect(created.status).toBe(201);
    return { apiKey: created.body.data.key, id: created.body.data.id };
  }

  async function createLocalStorage(body: Record<string, unknown>) {
    const created = await t.request<StorageConfig>(
      'POST',
      '/api/s3-configs',
      { storage_type: 'local', ...body },
      admin,
    );
    expect(created.status).toBe(201);
    return created.body.data;
  }

  async function upload(
    bytes: Buffer,
    filename: string,
    fields: Record<string, string> = {},
    options: RequestOptions = admin,
  ): Promise<FileShare> {
    const response = await t.request<FileShare>(
      'POST',
      '/api/upload',
      uploadForm(bytes, filename, fields),
      options,
    );
    expect(response.status).toBe(201);
    return response.body.data;
  }

  async function storedObjects(configId: string) {
    const driver = await t.server.drivers.forConfig(configId);
    return {
      keys: (await driver.list('')).objects.map((object) => object.key),
      multipart: await driver.listMultipartUploads(),
    };
  }

  describe('a storage closed to API keys', () => {
    it.each(RESERVING_ROUTES)('refuses a key on %s and writes nothing', async (path) => {
      const closed = await createLocalStorage({ name: 'Admins only', allow_api_keys: false });
      const key = await createKey({ name: 'uploader', file_permission: true });
      const body = { filename: 'x.bin', size: 10, s3_config_id: closed.id };

      const response = await t.request('POST', path, body, key);
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('storage.not_allowed');
      expect(await shares()).toEqual([]);
      expect((await adminFiles()).total).toBe(0);
      expect(await storedObjects(closed.id)).toEqual({ keys: [], multipart: [] });

      // The refusal is the storage's rule for keys: the same key may use the default storage,
      // and the admin may use the closed one.
      expect(
        (await t.request('POST', path, { ...body, s3_config_id: undefined }, key)).status,
      ).toBe(200);
      expect((await t.request('POST', path, body, admin)).status).toBe(200);
      expect((await shares()).map((row) => row.storage_config_id).sort()).toEqual(
        [storage.id, closed.id].sort(),
      );
    });

    it.each(RESERVING_ROUTES)(
      'refuses a key on %s when the default storage is closed to keys',
      async (path) => {
        const key = await createKey({ name: 'uploader', file_permission: true });
        const closed = await t.request(
          'PUT',
          `/api/s3-configs/${storage.id}`,
          { allow_api_keys: false },
          admin,
        );
        expect(closed.status).toBe(200);
        const response = await t.request('POST', path, { filename: 'x.bin', size: 10 }, key);
        expect(response.status).toBe(403);
        expect(response.body.error).toBe('storage.not_allowed');
        expect(await shares()).toEqual([]);
        expect((await adminFiles()).total).toBe(0);
        expect(await storedObjects(storage.id)).toEqual({ keys: [], multipart: [] });
      },
    );
  });

  describe('the user file routes', () => {
    let mine: RequestOptions & { id: string };
    let other: RequestOptions & { id: string };
    let own: FileShare[];
    let theirs: FileShare;
    let admins: FileShare;
    beforeEach(async () => {
      mine = await createKey({ name: 'mine', file_permission: true });
      other = await createKey({ name: 'other', file_permission: true });
      own = [
        await upload(Buffer.from('mine one'), 'mine-1.txt', { slug: 'mine-1' }, mine),
        await upload(Buffer.from('mine two'), 'mine-2.txt', { slug: 'mine-2' }, mine),
      ];
      theirs = await upload(Buffer.from('theirs'), 'theirs.txt', { slug: 'theirs' }, other);
      admins = await upload(Buffer.from('admin'), 'admin.txt', { slug: 'admins' }, admin);
    });

    it("list only the key's own files", async () => {
      const listed = await t.request<FileList>('GET', '/api/user/files', undefined, mine);
      expect(listed.status).toBe(200);
      expect(listed.body.data.total).toBe(2);
      expect(listed.body.data.items.map((file) => file.filename).sort()).toEqual([
        'mine-1.txt',
        'mine-2.txt',
      ]);
      const searched = await t.request<FileList>(
        'GET',
        '/api/user/files?search=txt',
        undefined,
        other,
      );
      expect(searched.body.data.items.map((file) => file.filename)).toEqual(['theirs.txt']);
      expect((await adminFiles()).total).toBe(4);
    });

    it.each([
      ['another key', () => theirs],
      ['the admin', () => admins],
    ])("refuse reading, changing and deleting %s's file by id", async (_whose, target) => {
      const file = target();
      const before = await shareById(file.id);
      const read = await t.request('GET', `/api/user/files/${file.id}`, undefined, mine);
      expect(read.status).toBe(404);
      expect(read.body.error).toBe('file.not_found');
      expect(JSON.stringify(read.body)).not.toContain(file.filename);
      const changed = await t.request(
        'PUT',
        `/api/user/files/${file.id}`,
        { remark: 'hijacked', slug: 'stolen', password: 'mine-now' },
        mine,
      );
      expect(changed.status).toBe(404);
      expect(changed.body.error).toBe('file.not_found');
      const deleted = await t.request('DELETE', `/api/user/files/${file.id}`, undefined, mine);
      expect(deleted.status).toBe(404);
      expect(deleted.body.error).toBe('file.not_found');

      expect(await shareById(file.id)).toEqual(before);
      expect((await storedObjects(storage.id)).keys).toContain(file.storage_path);
      expect((await t.request('GET', '/api/public/files/stolen')).status).toBe(404);

      // The same calls work on the key's own file.
      const [first] = own as [FileShare];
      expect((await t.request('GET', `/api/user/files/${first.id}`, undefined, mine)).status).toBe(
        200,
      );
      const renamed = await t.request<FileShare>(
        'PUT',
        `/api/user/files/${first.id}`,
        { remark: 'edited' },
        mine,
      );
      expect(renamed.body.data.remark).toBe('edited');
      expect(
        (await t.request('DELETE', `/api/user/files/${first.id}`, undefined, mine)).status,
      ).toBe(200);
      expect(await shareById(first.id)).toBeUndefined();
      expect((await storedObjects(storage.id)).keys).not.toContain(first.storage_path);
    });

    it('batch delete removes only the key’s own files', async () => {
      const ids = [...own.map((file) => file.id), theirs.id, admins.id, 'no-such-id'];
      const response = await t.request('POST', '/api/user/files/batch-delete', { ids }, mine);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ deleted: 2 });
      expect((await shares()).map((row) => row.id).sort()).toEqual([theirs.id, admins.id].sort());
      expect((await storedObjects(storage.id)).keys.sort()).toEqual(
        [theirs.storage_path, admins.storage_path].sort(),
      );
    });
  });

  describe('a protected file share', () => {
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const verify = (password: string, ip = '203.0.113.7') =>
      t.request<PublicFile>('POST', '/api/public/files/vault/verify', { password }, from(ip));
    const views = async () =>
      (
        await t.db
          .selectFrom('file_shares')
          .select('views')
          .where('slug', '=', 'vault')
          .executeTakeFirstOrThrow()
      ).views;
    beforeEach(async () => {
      await upload(Buffer.from('the vault holds 42'), 'vault.txt', {
        slug: 'vault',
        password: 'open-sesame',
      });
    });

    it('rate limits password attempts; the right one before the limit opens and clears the count', async () => {
      for (let i = 0; i < PASSWORD_RULE_PER_SHARE.limit - 1; i++) {
        const wrong = await verify(`guess-${i}`);
        expect(wrong.status).toBe(401);
        expect(wrong.body.error).toBe('file.wrong_password');
      }
      const open = await verify('open-sesame');
      expect(open.status).toBe(200);
      expect(open.body.data).toMatchObject({ filename: 'vault.txt', views: 1 });
      const content = await t.server.app.request(open.body.data.preview_url as string);
      expect(await content.text()).toBe('the vault holds 42');

      // The success cleared the count: a full window of guesses is checked again ...
      for (let i = 0; i < PASSWORD_RULE_PER_SHARE.limit; i++) {
        expect((await verify(`again-${i}`)).status).toBe(401);
      }
      // ... and from then on even the right password is refused, revealing nothing.
      const blocked = await verify('open-sesame');
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toBe('share.rate_limited');
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(PASSWORD_RULE_PER_SHARE.windowMs / 1000);
      expect(blocked.body.details).toEqual({ retryAfterSeconds: retryAfter });
      expect(JSON.stringify(blocked.body)).not.toContain('vault.txt');
      expect(await views()).toBe(1);

      // Another client is not locked out, and the lock ends with the window.
      expect((await verify('open-sesame', '198.51.100.9')).status).toBe(200);
      t.clock.advance(PASSWORD_RULE_PER_SHARE.windowMs);
      expect((await verify('open-sesame')).status).toBe(200);
      expect(await views()).toBe(3);
    });

    it.each([
      ['a new password', { password: 'another-secret' }],
      ['fewer max views', { max_views: 1 }],
      ['a new expiry', { expires_in: '1h' }],
    ])('turns content tokens invalid after %s', async (_name, change) => {
      const open = await verify('open-sesame');
      const link = open.body.data.preview_url as string;
      const content = await t.server.app.request(link);
      expect(content.status).toBe(200);
      await content.body?.cancel();
      const { id } = await t.db
        .selectFrom('file_shares')
        .select('id')
        .where('slug', '=', 'vault')
        .executeTakeFirstOrThrow();
      expect((await t.request('PUT', `/api/admin/files/${id}`, change, admin)).status).toBe(200);
      const stale = await t.request('GET', link);
      expect(stale.status).toBe(401);
      expect(stale.body.error).toBe('share.invalid_access_token');
    });

    it('checks no more passwords than the limit under parallel attempts', async () => {
      const attempts = [
        ...Array.from({ length: 29 }, (_, i) => verify(`guess-${i}`)),
        verify('open-sesame'),
      ];
      const statuses = (await Promise.all(attempts)).map((response) => response.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(
        PASSWORD_RULE_PER_SHARE.limit,
      );
      // Counted before it is checked, the right password sent last is over the limit.
      expect(statuses.at(-1)).toBe(429);
      expect(await views()).toBe(0);
    });
  });

  describe('storage capacity', () => {
    it.each(RESERVING_ROUTES)(
      'refuses on %s a declared size the storage has no room for, naming the figures',
      async (path) => {
        const small = await createLocalStorage({ name: 'Small', total_capacity_bytes: 10_000 });
        const existing = await upload(randomBytes(4000), 'existing.bin', {
          s3_config_id: small.id,
        });
        const body = {
          filename: 'big.bin',
          s3_config_id: small.id,
          ...(path === '/api/url/presign' ? { url: 'https://example.com/big.bin' } : {}),
        };

        const refused = await t.request('POST', path, { ...body, size: 6001 }, admin);
        expect(refused.status).toBe(413);
        expect(refused.body.error).toBe('storage.insufficient');
        expect(refused.body.details).toEqual({ fileSize: 6001, remaining: 6000, total: 10_000 });
        expect(refused.body.message).toContain('6001');
        expect(refused.body.message).toContain('6000');
        expect(refused.body.message).toContain('10000');
        expect((await shares()).map((row) => row.id)).toEqual([existing.id]);
        expect((await adminFiles()).total).toBe(1);
        expect(await storedObjects(small.id)).toEqual({
          keys: [existing.storage_path],
          multipart: [],
        });

        // Exactly the remaining space still fits.
        const fits = await t.request<{ file_id: string }>(
          'POST',
          path,
          { ...body, size: 6000 },
          admin,
        );
        expect(fits.status).toBe(200);
        expect(await shareById(fits.body.data.file_id)).toMatchObject({
          status: 'uploading',
          storage_config_id: small.id,
        });
      },
    );
  });

  describe('the upload size limit', () => {
    it.each(RESERVING_ROUTES)('refuses on %s a declared size over the limit', async (path) => {
      const settings = await t.request(
        'PUT',
        '/api/admin/system-settings',
        { max_upload_size: 1, max_upload_size_unit: 'KB' },
        admin,
      );
      expect(settings.status).toBe(200);

      const refused = await t.request('POST', path, { filename: 'big.bin', size: 1025 }, admin);
      expect(refused.status).toBe(413);
      expect(refused.body.error).toBe('file.too_large');
      expect(refused.body.details).toEqual({ limitBytes: 1024 });
      expect(await shares()).toEqual([]);
      expect((await adminFiles()).total).toBe(0);
      expect(await storedObjects(storage.id)).toEqual({ keys: [], multipart: [] });

      const fits = await t.request<MultipartInitResponse>(
        'POST',
        path,
        { filename: 'fits.bin', size: 1024 },
        admin,
      );
      expect(fits.status).toBe(200);
      expect(await shares()).toHaveLength(1);
    });
  });
});
