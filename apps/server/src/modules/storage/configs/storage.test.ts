import type { StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../../test/harness';

const S3_CONFIG = {
  name: 'Backups on MinIO',
  storage_type: 's3',
  provider: 'minio',
  endpoint: 'http://127.0.0.1:9000',
  region: 'us-east-1',
  bucket: 'sharebin-test',
  access_key_id: 'AKIAIOSFODNN7EXAMPLE',
  secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  path_style: true,
  default_folder: '/uploads//2026/',
};

describe.each(ENGINES)('storage configurations on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  beforeEach(async () => {
    admin = { token: await t.loginAsAdmin() };
  });
  const rows = () => t.db.selectFrom('storage_configs').selectAll().execute();

  it('creates the default local storage once at first start', async () => {
    await t.server.useCases.storage.ensureDefaultStorage();
    await t.server.useCases.storage.ensureDefaultStorage();
    const list = await t.request<StorageConfig[]>('GET', '/api/s3-configs', undefined, admin);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      storage_type: 'local',
      is_default: true,
      used_bytes: 0,
    });
  });

  it('stores the secret key encrypted and returns it masked', async () => {
    const created = await t.request<StorageConfig>('POST', '/api/s3-configs', S3_CONFIG, admin);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Backups on MinIO',
      storage_type: 's3',
      provider: 'minio',
      bucket: 'sharebin-test',
      path_style: true,
      default_folder: 'uploads/2026',
      secret_access_key_masked: 'wJal••••••••EKEY',
      is_default: true,
      url_expiry_seconds: 3600,
      total_capacity_bytes: null,
    });
    const [row] = await rows();
    expect(JSON.stringify(row)).not.toContain(S3_CONFIG.secret_access_key);
    expect(JSON.stringify(created.body)).not.toContain(S3_CONFIG.secret_access_key);
    const credentials = await t.server.useCases.storage.credentialsOf(created.body.data.id);
    expect(credentials.secret_access_key).toBe(S3_CONFIG.secret_access_key);
  });

  it.each([
    ['no name', { ...S3_CONFIG, name: '' }],
    ['an unknown storage type', { ...S3_CONFIG, storage_type: 'ftp' }],
    ['an unknown provider', { ...S3_CONFIG, provider: 'dropbox' }],
    ['a bad bucket name', { ...S3_CONFIG, bucket: 'Bad_Bucket' }],
    ['no secret key', { ...S3_CONFIG, secret_access_key: undefined }],
    ['an endpoint that is not http(s)', { ...S3_CONFIG, endpoint: 'ftp://x' }],
    ['a folder with ..', { ...S3_CONFIG, default_folder: '/a/../b' }],
    ['a URL lifetime under a minute', { ...S3_CONFIG, url_expiry_seconds: 10 }],
    ['a capacity of 0', { ...S3_CONFIG, total_capacity_bytes: 0 }],
    ['a download host with a path', { ...S3_CONFIG, custom_host: 'https://cdn.example.com/files' }],
    ['a download host with a query', { ...S3_CONFIG, custom_host: 'https://cdn.example.com/?a=1' }],
    ['a download host that is not a URL', { ...S3_CONFIG, custom_host: 'not a url' }],
    [
      '"other S3-compatible" without an endpoint',
      { ...S3_CONFIG, provider: 'other', endpoint: '' },
    ],
    ['no provider and no endpoint', { ...S3_CONFIG, provider: undefined, endpoint: undefined }],
  ])('refuses %s with 400 and writes nothing', async (_name, body) => {
    const response = await t.request('POST', '/api/s3-configs', body, admin);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation.failed');
    expect(await rows()).toEqual([]);
  });

  it('updates, keeping the secret unless a new one is given', async () => {
    const created = (await t.request<StorageConfig>('POST', '/api/s3-configs', S3_CONFIG, admin))
      .body.data;
    const renamed = await t.request<StorageConfig>(
      'PUT',
      `/api/s3-configs/${created.id}`,
      { name: 'Renamed', total_capacity_bytes: 1024 },
      admin,
    );
    expect(renamed.body.data).toMatchObject({
      name: 'Renamed',
      total_capacity_bytes: 1024,
      secret_access_key_masked: 'wJal••••••••EKEY',
    });
    // Fields left out keep their values; none falls back to a default.
    const { name: _name, updated_at: _updated, total_capacity_bytes: _capacity, ...rest } = created;
    expect(renamed.body.data).toMatchObject(rest);
    const limitedAgain = await t.request<StorageConfig>(
      'PUT',
      `/api/s3-configs/${created.id}`,
      { path_style: false },
      admin,
    );
    expect(limitedAgain.body.data).toMatchObject({
      total_capacity_bytes: 1024,
      endpoint: S3_CONFIG.endpoint,
      provider: 'minio',
      path_style: false,
    });
    const nothing = await t.request('PUT', `/api/s3-configs/${created.id}`, {}, admin);
    expect(nothing.status).toBe(400);
    const rotated = await t.request<StorageConfig>(
      'PUT',
      `/api/s3-configs/${created.id}`,
      { secret_access_key: 'a-brand-new-secret-value' },
      admin,
    );
    expect(rotated.body.data.secret_access_key_masked).toBe('a-br••••••••alue');
  });

  it.each([
    ['a download host that is not a URL', { custom_host: 'not a url' }],
    ['a download host that is not a URL (local storage)', { custom_host: 'cdn' }, 'local'],
    ['an endpoint removed', { endpoint: '' }],
    ['a provider that needs an endpoint, without one', { provider: 'other', endpoint: '' }],
  ])('refuses an update with %s with 400 and changes nothing', async (_name, body, kind = 's3') => {
    if (kind === 'local') await t.server.useCases.storage.ensureDefaultStorage();
    else await t.request('POST', '/api/s3-configs', S3_CONFIG, admin);
    const [before] = await rows();
    const response = await t.request('PUT', `/api/s3-configs/${before?.id}`, body, admin);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation.failed');
    expect(await rows()).toEqual([before]);
  });

  it('keeps AWS without an endpoint, and a stored storage without one renamable', async () => {
    const aws = await t.request<StorageConfig>(
      'POST',
      '/api/s3-configs',
      { ...S3_CONFIG, provider: 'aws', endpoint: '' },
      admin,
    );
    expect(aws.status).toBe(201);
    // Saved before the rule existed.
    await t.db.updateTable('storage_configs').set({ provider: 'other' }).execute();
    const renamed = await t.request(
      'PUT',
      `/api/s3-configs/${aws.body.data.id}`,
      { name: 'Old one' },
      admin,
    );
    expect(renamed.status).toBe(200);
  });

  it('sets the default and refuses to delete it, then deletes another', async () => {
    await t.server.useCases.storage.ensureDefaultStorage();
    const s3 = (await t.request<StorageConfig>('POST', '/api/s3-configs', S3_CONFIG, admin)).body
      .data;
    expect(s3.is_default).toBe(false);
    const made = await t.request<StorageConfig>(
      'PUT',
      `/api/s3-configs/${s3.id}/set-default`,
      undefined,
      admin,
    );
    expect(made.body.data.is_default).toBe(true);
    expect((await rows()).filter((r) => r.is_default === 1)).toHaveLength(1);

    const refused = await t.request('DELETE', `/api/s3-configs/${s3.id}`, undefined, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('storage.config_is_default');
    const local = (await rows()).find((r) => r.storage_type === 'local');
    expect(
      (await t.request('DELETE', `/api/s3-configs/${local?.id}`, undefined, admin)).status,
    ).toBe(200);
    expect(await rows()).toHaveLength(1);
  });

  it('refuses to delete a storage that holds file shares', async () => {
    await t.server.useCases.storage.ensureDefaultStorage();
    const s3 = (await t.request<StorageConfig>('POST', '/api/s3-configs', S3_CONFIG, admin)).body
      .data;
    const now = t.clock.now();
    await t.db
      .insertInto('file_shares')
      .values({
        id: 'f1',
        slug: 'f1',
        filename: 'a.txt',
        mimetype: 'text/plain',
        size: 5,
        storage_config_id: s3.id,
        path: '/',
        storage_path: 'a.txt',
        etag: null,
        remark: '',
        last_activity_at: now,
        password_hash: null,
        expires_at: null,
        max_views: 0,
        views: 0,
        status: 'live',
        upload_id: null,
        created_by: 'admin',
        created_at: now,
        updated_at: now,
      })
      .execute();
    const response = await t.request('DELETE', `/api/s3-configs/${s3.id}`, undefined, admin);
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('storage.config_in_use');
    const listed = await t.request<StorageConfig[]>('GET', '/api/s3-configs', undefined, admin);
    expect(listed.body.data.find((c) => c.id === s3.id)?.used_bytes).toBe(5);
  });

  it('shows API keys with file permission only the storages keys may use, without secrets', async () => {
    await t.request('POST', '/api/s3-configs', S3_CONFIG, admin);
    await t.request(
      'POST',
      '/api/s3-configs',
      { name: 'Private', storage_type: 'local', allow_api_keys: false },
      admin,
    );
    const key = (
      await t.request<{ key: string }>(
        'POST',
        '/api/admin/api-keys',
        { name: 'up', file_permission: true },
        admin,
      )
    ).body.data.key;
    const listed = await t.request<Record<string, unknown>[]>('GET', '/api/s3-configs', undefined, {
      apiKey: key,
    });
    expect(listed.body.data.map((c) => c.name)).toEqual(['Backups on MinIO']);
    expect(listed.body.data[0]).not.toHaveProperty('access_key_id');
    expect(listed.body.data[0]).not.toHaveProperty('secret_access_key_masked');
    expect((await t.request('POST', '/api/s3-configs', S3_CONFIG, { apiKey: key })).status).toBe(
      403,
    );
    const textOnly = (
      await t.request<{ key: string }>(
        'POST',
        '/api/admin/api-keys',
        { name: 't', text_permission: true },
        admin,
      )
    ).body.data.key;
    expect(
      (await t.request('GET', '/api/s3-configs', undefined, { apiKey: textOnly })).status,
    ).toBe(403);
  });
});
