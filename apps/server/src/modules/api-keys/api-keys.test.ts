import { type ApiKey, type ApiKeyList, type CreatedApiKey, LIST_MAX_LIMIT } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, useTestServer } from '../../test/harness';
import { LAST_USED_RESOLUTION_MS } from './api-keys.models';

describe.each(ENGINES)('API keys on %s', (engine) => {
  const t = useTestServer(engine);
  let token: string;
  beforeEach(async () => {
    token = await t.loginAsAdmin();
  });
  const keyCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const create = (body: unknown) =>
    t.request<CreatedApiKey>('POST', '/api/admin/api-keys', body, { token });
  const inOneDay = () => new Date(t.clock.now() + 86_400_000).toISOString();

  it('creates a generated key, shows it once and stores only its hash', async () => {
    const created = await create({
      name: 'backup script',
      text_permission: true,
      file_permission: true,
      basic_path: '/backups/',
      expires_at: inOneDay(),
    });
    expect(created.status).toBe(201);
    expect(created.body.code).toBe(201);
    const key = created.body.data;
    expect(key).toMatchObject({
      name: 'backup script',
      text_permission: true,
      file_permission: true,
      mount_permission: false,
      basic_path: '/backups',
      custom_key: false,
      last_used_at: null,
      expires_at: inOneDay(),
    });
    expect(key.key).toMatch(/^sb_[0-9A-Za-z]{40}$/);
    expect(key.key_prefix).toBe(key.key.slice(0, 8));

    const row = await t.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key.key);

    const list = await t.request<ApiKeyList>('GET', '/api/admin/api-keys', undefined, { token });
    expect(list.body.data).toMatchObject({ total: 1, limit: LIST_MAX_LIMIT, offset: 0 });
    expect(JSON.stringify(list.body.data)).not.toContain(key.key);
    const { key: _shownOnce, ...listed } = key;
    expect(list.body.data.items).toEqual([listed]);
  });

  it('takes custom_key: null as absent and generates the key', async () => {
    const created = await create({ name: 'from a form', custom_key: null });
    expect(created.status).toBe(201);
    expect(created.body.data.custom_key).toBe(false);
    expect(created.body.data.key).toMatch(/^sb_[0-9A-Za-z]{40}$/);
  });

  it('authenticates with the key and reports its permissions', async () => {
    const key = (
      await create({
        name: 'reader',
        mount_permission: true,
        basic_path: '/docs',
        expires_at: null,
      })
    ).body.data;
    const check = await t.request('GET', '/api/test/api-key', undefined, { apiKey: key.key });
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({
      permissions: { text: false, file: false, mount: true },
      key_info: { id: key.id, name: 'reader', basic_path: '/docs', mount_read_only: false },
      expires_at: null,
    });
  });

  it('makes a key created without expires_at expire in 30 days; an explicit null never', async () => {
    const omitted = await create({ name: 'default expiry' });
    expect(omitted.status).toBe(201);
    const inThirtyDays = new Date(t.clock.now() + 30 * 86_400_000).toISOString();
    expect(omitted.body.data.expires_at).toBe(inThirtyDays);
    expect(omitted.body.data).toMatchObject({
      text_permission: false,
      file_permission: false,
      mount_permission: false,
    });
    const never = await create({ name: 'forever', expires_at: null });
    expect(never.status).toBe(201);
    expect(never.body.data.expires_at).toBeNull();

    const stored = await t.db
      .selectFrom('api_keys')
      .select(['name', 'expires_at'])
      .orderBy('name')
      .execute();
    expect(stored).toEqual([
      { name: 'default expiry', expires_at: t.clock.now() + 30 * 86_400_000 },
      { name: 'forever', expires_at: null },
    ]);
    // The default key stops working once its 30 days are over.
    t.clock.advance(30 * 86_400_000 + 1);
    const late = await t.request('GET', '/api/test/api-key', undefined, {
      apiKey: omitted.body.data.key,
    });
    expect(late.status).toBe(401);
  });

  it('accepts a custom key and refuses the same key twice with 409', async () => {
    const custom = 'my_custom-key-0123456789';
    const first = await create({ name: 'one', custom_key: custom, text_permission: true });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ key: custom, custom_key: true });
    const second = await create({ name: 'two', custom_key: custom });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('apikey.conflict');
    expect(await keyCount()).toBe(1);
  });

  it.each([
    ['no name', { text_permission: true }],
    ['a blank name', { name: '   ' }],
    ['a custom key with a space', { name: 'k', custom_key: 'has a space 0123456789' }],
    ['a custom key with a slash', { name: 'k', custom_key: 'abc/defghijklmnopqrs' }],
    ['a short custom key', { name: 'k', custom_key: 'short' }],
    ['an empty custom key', { name: 'k', custom_key: '' }],
    ['an expiry that is not a date', { name: 'k', expires_at: 'tomorrow' }],
    ['an expiry in the past', { name: 'k', expires_at: '2020-01-01T00:00:00.000Z' }],
    ['a base path with ..', { name: 'k', basic_path: '/a/../etc' }],
    ['a base path with NUL', { name: 'k', basic_path: '/a\u0000b' }],
    ['a permission that is not a boolean', { name: 'k', text_permission: 'yes' }],
  ])('refuses %s with 400 and writes nothing', async (_name, body) => {
    const response = await create(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation.failed');
    expect(await keyCount()).toBe(0);
  });

  it('updates name, permissions, base path and expiry', async () => {
    const key = (await create({ name: 'old' })).body.data;
    const updated = await t.request<ApiKey>(
      'PUT',
      `/api/admin/api-keys/${key.id}`,
      { name: 'new', file_permission: true, basic_path: '//uploads//', expires_at: inOneDay() },
      { token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'new',
      file_permission: true,
      basic_path: '/uploads',
      expires_at: inOneDay(),
    });
    const cleared = await t.request<ApiKey>(
      'PUT',
      `/api/admin/api-keys/${key.id}`,
      { expires_at: null },
      { token },
    );
    expect(cleared.body.data.expires_at).toBeNull();
  });

  it.each([
    ['an empty change', {}],
    ['a blank name', { name: '' }],
    ['a base path with ..', { basic_path: '/../x' }],
    ['an expiry in the past', { expires_at: '2001-01-01T00:00:00Z' }],
  ])('refuses an update with %s and changes nothing', async (_name, body) => {
    const key = (await create({ name: 'kept' })).body.data;
    const before = await t.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    const response = await t.request('PUT', `/api/admin/api-keys/${key.id}`, body, { token });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation.failed');
    expect(await t.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow()).toEqual(before);
  });

  it('answers 404 for an unknown id on update and delete', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const response = await t.request(
        method,
        '/api/admin/api-keys/nope',
        method === 'PUT' ? { name: 'x' } : undefined,
        { token },
      );
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('apikey.not_found');
    }
  });

  it('refuses a deleted, an expired and an unknown key with their own codes', async () => {
    const deleted = (await create({ name: 'gone', text_permission: true })).body.data;
    expect(
      (await t.request('DELETE', `/api/admin/api-keys/${deleted.id}`, undefined, { token })).status,
    ).toBe(200);
    const afterDelete = await t.request('GET', '/api/test/api-key', undefined, {
      apiKey: deleted.key,
    });
    expect(afterDelete.status).toBe(401);
    expect(afterDelete.body.error).toBe('apikey.invalid');

    const expiring = (await create({ name: 'short-lived', expires_at: inOneDay() })).body.data;
    expect(
      (await t.request('GET', '/api/test/api-key', undefined, { apiKey: expiring.key })).status,
    ).toBe(200);
    t.clock.advance(86_400_000);
    const expired = await t.request('GET', '/api/test/api-key', undefined, {
      apiKey: expiring.key,
    });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('apikey.expired');

    const unknown = await t.request('GET', '/api/test/api-key', undefined, {
      apiKey: 'sb_unknown',
    });
    expect(unknown.body.error).toBe('apikey.invalid');
  });

  it('keeps API keys out of admin routes and admin tokens out of key routes', async () => {
    const key = (
      await create({
        name: 'all',
        text_permission: true,
        file_permission: true,
        mount_permission: true,
      })
    ).body.data;
    for (const path of [
      '/api/admin/api-keys',
      '/api/admin/system-settings',
      '/api/test/admin-token',
    ]) {
      const response = await t.request('GET', path, undefined, { apiKey: key.key });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe('auth.forbidden');
      expect(response.body.details).toEqual({ required_permission: 'admin' });
      expect(response.body.message).toMatch(/admin only/);
    }
    const created = await t.request(
      'POST',
      '/api/admin/api-keys',
      { name: 'x' },
      { apiKey: key.key },
    );
    expect(created.status).toBe(403);
    expect(await keyCount()).toBe(1);
    const keyRoute = await t.request('GET', '/api/test/api-key', undefined, { token });
    expect(keyRoute.status).toBe(403);
    expect(keyRoute.body.details).toEqual({ required_permission: 'apikey' });
  });

  it.each([
    ['text', '/api/user/pastes', { file_permission: true, mount_permission: true }],
    ['file', '/api/user/files', { text_permission: true, mount_permission: true }],
  ])('names the missing %s permission in a 403', async (permission, path, grants) => {
    const key = (await create({ name: 'partial', ...grants })).body.data;
    const response = await t.request('GET', path, undefined, { apiKey: key.key });
    expect(response.status).toBe(403);
    expect(response.body.error).toBe('auth.forbidden');
    expect(response.body.details).toEqual({ required_permission: permission });
    expect(response.body.message).toContain(`${permission} permission`);
  });

  it('hints at the ApiKey scheme when a key is sent as Bearer', async () => {
    const key = (await create({ name: 'script', text_permission: true })).body.data;
    const response = await t.request('GET', '/api/user/pastes', undefined, {
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('auth.invalid_token');
    expect(response.body.message).toContain('Authorization: ApiKey <key>');
  });

  it('records the last use, at most once a minute', async () => {
    const key = (await create({ name: 'used' })).body.data;
    const lastUsed = async () =>
      (await t.db.selectFrom('api_keys').select('last_used_at').executeTakeFirstOrThrow())
        .last_used_at;
    await t.request('GET', '/api/test/api-key', undefined, { apiKey: key.key });
    const first = t.clock.now();
    expect(await lastUsed()).toBe(first);
    t.clock.advance(LAST_USED_RESOLUTION_MS - 1);
    await t.request('GET', '/api/test/api-key', undefined, { apiKey: key.key });
    expect(await lastUsed()).toBe(first);
    t.clock.advance(1);
    await t.request('GET', '/api/test/api-key', undefined, { apiKey: key.key });
    expect(await lastUsed()).toBe(t.clock.now());
  });
});
