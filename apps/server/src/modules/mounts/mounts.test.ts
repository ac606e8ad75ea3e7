import type { CreatedApiKey, Mount, MountList, StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';

const S3_CONFIG = {
  name: 'Team bucket',
  storage_type: 's3',
  provider: 'minio',
  endpoint: 'http://127.0.0.1:9000',
  region: 'us-east-1',
  bucket: 'team',
  access_key_id: 'AKIAIOSFODNN7EXAMPLE',
  secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe.each(ENGINES)('mounts on %s', (engine) => {
  const t = useTestServer(engine);
  let admin: RequestOptions;
  let local: StorageConfig;
  beforeEach(async () => {
    ({ admin, storage: local } = await t.signInWithLocalStorage());
  });

  const rows = () => t.db.selectFrom('mounts').selectAll().orderBy('mount_path').execute();
  const mountOn = (mount_path: string, fields: Record<string, unknown> = {}) => ({
    name: `Mount ${mount_path}`,
    storage_type: 'local',
    storage_config_id: local.id,
    mount_path,
    ...fields,
  });
  const create = (body: unknown, options = admin) =>
    t.request<Mount>('POST', '/api/admin/mounts', body, options);
  async function created(mount_path: string, fields: Record<string, unknown> = {}) {
    const response = await create(mountOn(mount_path, fields));
    if (response.status !== 201) throw new Error(`mount: ${JSON.stringify(response.body)}`);
    return response.body.data;
  }
  async function keyWith(fields: Record<string, unknown>): Promise<RequestOptions> {
    const response = await t.request<CreatedApiKey>(
      'POST',
      '/api/admin/api-keys',
      { name: 'script', ...fields },
      admin,
    );
    if (response.status !== 201) throw new Error(`key: ${JSON.stringify(response.body)}`);
    return { apiKey: response.body.data.key };
  }

  it('creates a mount with the defaults of SPEC §3 under CloudPaste field names', async () => {
    const response = await create(mountOn('/photos/'));
    expect(response.status).toBe(201);
    expect(response.body.code).toBe(201);
    const now = new Date(t.clock.now()).toISOString();
    expect(response.body.data).toEqual({
      id: expect.any(String),
      name: 'Mount /photos/',
      storage_type: 'local',
      storage_config_id: local.id,
      mount_path: '/photos',
      remark: '',
      sort_order: 0,
      cache_ttl: 300,
      is_active: true,
      created_by: 'admin',
      created_at: now,
      updated_at: now,
      last_refreshed_at: null,
      reindex_minutes: null,
    });
    const [row] = await rows();
    expect(row).toMatchObject({ mount_path: '/photos', path_key: '/photos', is_active: 1 });

    const listed = await t.request<MountList>('GET', '/api/admin/mounts', undefined, admin);
    expect(listed.body.data.items).toEqual([response.body.data]);
    const read = await t.request(
      'GET',
      `/api/admin/mounts/${response.body.data.id}`,
      undefined,
      admin,
    );
    expect(read.body.data).toEqual(response.body.data);
  });

  it('takes every field, at the edges of their ranges, and Chinese paths', async () => {
    const mount = await created('/文档/项目_1-a', {
      name: 'n'.repeat(50),
      remark: 'team files',
      sort_order: -3,
      cache_ttl: 86_400,
      is_active: false,
    });
    expect(mount).toMatchObject({
      name: 'n'.repeat(50),
      mount_path: '/文档/项目_1-a',
      remark: 'team files',
      sort_order: -3,
      cache_ttl: 86_400,
      is_active: false,
    });
    expect((await created('/zero', { cache_ttl: 0 })).cache_ttl).toBe(0);
  });

  it('lists by sort order, then path', async () => {
    await created('/c', { sort_order: 1 });
    await created('/b', { sort_order: 2 });
    await created('/a', { sort_order: 2 });
    const listed = await t.request<MountList>('GET', '/api/admin/mounts', undefined, admin);
    expect(listed.body.data.items.map((mount) => mount.mount_path)).toEqual(['/c', '/a', '/b']);
  });

  describe('refuses each bad input of SPEC §5 and writes nothing', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['an empty name', { name: '' }, 'name'],
      ['a name of blanks', { name: '   ' }, 'name'],
      ['a 51-character name', { name: 'n'.repeat(51) }, 'name'],
      ['no name', { name: undefined }, 'name'],
      ['no path', { mount_path: undefined }, 'mount_path'],
      ['an empty path', { mount_path: '' }, 'mount_path'],
      ['the root as a path', { mount_path: '/' }, 'mount_path'],
      ['a path without the leading slash', { mount_path: 'photos' }, 'mount_path'],
      ['a path with a space', { mount_path: '/my photos' }, 'mount_path'],
      ['a path with a dot', { mount_path: '/photos.old' }, 'mount_path'],
      ['a path with a parent segment', { mount_path: '/a/../b' }, 'mount_path'],
      ['a path with an empty segment', { mount_path: '/a//b' }, 'mount_path'],
      ['a path with a backslash', { mount_path: '/a\\b' }, 'mount_path'],
      ['a path with percent-encoding', { mount_path: '/a%2Fb' }, 'mount_path'],
      ['a path over 255 characters', { mount_path: `/${'a'.repeat(255)}` }, 'mount_path'],
      ['the reserved path /api', { mount_path: '/api' }, 'mount_path'],
      ['a path under the reserved /dav', { mount_path: '/dav/files' }, 'mount_path'],
      ['a reserved path in capitals', { mount_path: '/Admin' }, 'mount_path'],
      ['a cache TTL of -1', { cache_ttl: -1 }, 'cache_ttl'],
      ['a cache TTL of 86401', { cache_ttl: 86_401 }, 'cache_ttl'],
      ['a cache TTL of 1.5', { cache_ttl: 1.5 }, 'cache_ttl'],
      ['a cache TTL as text', { cache_ttl: '300' }, 'cache_ttl'],
      ['a sort order of 1.5', { sort_order: 1.5 }, 'sort_order'],
      ['a sort order as text', { sort_order: 'first' }, 'sort_order'],
      ['an unknown storage type', { storage_type: 'ftp' }, 'storage_type'],
      ['no storage type', { storage_type: undefined }, 'storage_type'],
      ['no storage config', { storage_config_id: undefined }, 'storage_config_id'],
      ['an active flag as text', { is_active: 'yes' }, 'is_active'],
      ['a remark of 201 characters', { remark: 'r'.repeat(201) }, 'remark'],
    ];
    it.each(cases)('%s', async (_, fields, field) => {
      const response = await create(mountOn('/photos', fields));
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('validation.failed');
      expect(response.body.details.map((issue: { path: string }) => issue.path)).toContain(field);
      expect(await rows()).toEqual([]);
    });
  });

  it('refuses an unknown storage config and writes nothing', async () => {
    const response = await create(mountOn('/photos', { storage_config_id: 'no-such-config' }));
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('storage.config_not_found');
    expect(await rows()).toEqual([]);
  });

  it('refuses a storage type other than the config’s and writes nothing', async () => {
    const response = await create(mountOn('/photos', { storage_type: 's3' }));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('mount.storage_type_mismatch');
    expect(response.body.details).toEqual({ storage_type: 's3', config_type: 'local' });
    expect(await rows()).toEqual([]);
  });

  it('mounts an S3 config as s3', async () => {
    const s3 = await t.request<StorageConfig>('POST', '/api/s3-configs', S3_CONFIG, admin);
    const mount = await created('/team', {
      storage_type: 's3',
      storage_config_id: s3.body.data.id,
    });
    expect(mount.storage_type).toBe('s3');
  });

  it('refuses a path another mount holds, in any letter case, and writes nothing', async () => {
    const first = await created('/photos');
    for (const path of ['/photos', '/photos/', '/Photos', '/PHOTOS']) {
      const response = await create(mountOn(path, { name: 'again' }));
      expect(response.status).toBe(409);
      expect(response.body.error).toBe('mount.path_taken');
      expect(response.body.details).toEqual({ mount_path: path.replace(/\/$/, '') });
    }
    expect((await rows()).map((row) => row.id)).toEqual([first.id]);
  });

  it('allows nesting, but not a shared folder spelt in another letter case', async () => {
    await created('/a');
    await created('/a/b');
    await created('/x/y/z');
    await created('/x/y');
    const before = await rows();
    const response = await create(mountOn('/A/c'));
    expect(response.status).toBe(409);
    expect(response.body.error).toBe('mount.path_case_conflict');
    expect(response.body.details).toEqual({ mount_path: '/A/c', conflicting_path: '/a' });
    const deeper = await create(mountOn('/x/Y/q'));
    expect(deeper.body.error).toBe('mount.path_case_conflict');
    expect(await rows()).toEqual(before);
  });

  it('answers two concurrent creations of one path with one mount and one 409', async () => {
    const responses = await Promise.all([create(mountOn('/race')), create(mountOn('/RACE'))]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.status === 409)?.body.error).toBe(
      'mount.path_taken',
    );
    expect(await rows()).toHaveLength(1);
  });

  describe('changes', () => {
    const update = (id: string, body: unknown, options = admin) =>
      t.request<Mount>('PUT', `/api/admin/mounts/${id}`, body, options);

    it('changes any field and the update time', async () => {
      const mount = await created('/photos');
      t.clock.advance(60_000);
      const changes = {
        name: 'Pictures',
        mount_path: '/pictures/2026',
        remark: 'moved',
        sort_order: 7,
        cache_ttl: 60,
        is_active: false,
      };
      const response = await update(mount.id, changes);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        ...mount,
        ...changes,
        updated_at: new Date(t.clock.now()).toISOString(),
      });
      const [row] = await rows();
      expect(row).toMatchObject({ path_key: '/pictures/2026', is_active: 0 });
    });

    it('lets a mount keep its path or change its own letter case', async () => {
      const mount = await created('/photos');
      expect((await update(mount.id, { mount_path: '/photos', name: 'same' })).status).toBe(200);
      const recased = await update(mount.id, { mount_path: '/Photos' });
      expect(recased.status).toBe(200);
      expect(recased.body.data.mount_path).toBe('/Photos');
      expect((await rows())[0]?.path_key).toBe('/photos');
    });

    it('refuses a taken path, a type mismatch, an unknown config and bad fields; writes nothing', async () => {
      await created('/a');
      const mount = await created('/b');
      const before = await rows();
      const refusals: [unknown, number, string][] = [
        [{ mount_path: '/A' }, 409, 'mount.path_taken'],
        [{ mount_path: '/A/x' }, 409, 'mount.path_case_conflict'],
        [{ storage_type: 's3' }, 400, 'mount.storage_type_mismatch'],
        [{ storage_config_id: 'no-such-config' }, 404, 'storage.config_not_found'],
        [{ name: '' }, 400, 'validation.failed'],
        [{ mount_path: '/api/x' }, 400, 'validation.failed'],
        [{ cache_ttl: 86_401 }, 400, 'validation.failed'],
        [{ sort_order: 0.5 }, 400, 'validation.failed'],
        [{}, 400, 'validation.failed'],
      ];
      for (const [body, status, error] of refusals) {
        const response = await update(mount.id, body);
        expect([JSON.stringify(body), response.status, response.body.error]).toEqual([
          JSON.stringify(body),
          status,
          error,
        ]);
      }
      expect(await rows()).toEqual(before);
    });

    it('answers 404 for an unknown mount', async () => {
      const response = await update('no-such-mount', { name: 'x' });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe('mount.not_found');
      const read = await t.request('GET', '/api/admin/mounts/no-such-mount', undefined, admin);
      expect(read.body.error).toBe('mount.not_found');
    });

    it('deletes a mount once', async () => {
      const mount = await created('/photos');
      const removed = await t.request('DELETE', `/api/admin/mounts/${mount.id}`, undefined, admin);
      expect(removed.status).toBe(200);
      expect(removed.body.data).toBeNull();
      expect(await rows()).toEqual([]);
      const again = await t.request('DELETE', `/api/admin/mounts/${mount.id}`, undefined, admin);
      expect(again.status).toBe(404);
      expect(again.body.error).toBe('mount.not_found');
    });
  });

  describe('API keys', () => {
    it('may read but never create, change or delete mounts', async () => {
      const mount = await created('/photos');
      const before = await rows();
      const key = await keyWith({ mount_permission: true, text_permission: true });
      const attempts = [
        await create(mountOn('/other'), key),
        await t.request('PUT', `/api/admin/mounts/${mount.id}`, { name: 'x' }, key),
        await t.request('DELETE', `/api/admin/mounts/${mount.id}`, undefined, key),
        await t.request('GET', '/api/admin/mounts', undefined, key),
        await t.request('GET', `/api/admin/mounts/${mount.id}`, undefined, key),
      ];
      for (const response of attempts) {
        expect(response.status).toBe(403);
        expect(response.body.error).toBe('auth.forbidden');
        expect(response.body.details).toEqual({ required_permission: 'admin' });
      }
      expect(await rows()).toEqual(before);
      const read = await t.request<MountList>('GET', '/api/user/mounts', undefined, key);
      expect(read.status).toBe(200);
      expect(read.body.data.items).toEqual([mount]);
    });

    it('without the mount permission get 403 naming it', async () => {
      const mount = await created('/photos');
      const key = await keyWith({ text_permission: true, file_permission: true });
      for (const path of ['/api/user/mounts', `/api/user/mounts/${mount.id}`]) {
        const response = await t.request('GET', path, undefined, key);
        expect(response.status).toBe(403);
        expect(response.body.error).toBe('auth.forbidden');
        expect(response.body.details).toEqual({ required_permission: 'mount' });
      }
    });

    it('are asked to sign in without credentials', async () => {
      for (const [method, path] of [
        ['GET', '/api/user/mounts'],
        ['GET', '/api/admin/mounts'],
        ['POST', '/api/admin/mounts'],
      ] as const) {
        const response = await t.request(method, path, method === 'POST' ? {} : undefined);
        expect(response.status).toBe(401);
        expect(response.body.error).toBe('auth.required');
      }
      expect(await rows()).toEqual([]);
    });

    it('see the active mounts that meet their base path, and no others', async () => {
      const team = await created('/team', { sort_order: 1 });
      const docs = await created('/team/docs', { sort_order: 2 });
      const other = await created('/other');
      await created('/teamwork');
      const old = await created('/team/old', { is_active: false });
      const visiblePaths = async (key: RequestOptions) =>
        (await t.request<MountList>('GET', '/api/user/mounts', undefined, key)).body.data.items.map(
          (mount) => mount.mount_path,
        );

      expect(await visiblePaths(await keyWith({ mount_permission: true }))).toEqual([
        '/other',
        '/teamwork',
        '/team',
        '/team/docs',
      ]);
      const teamKey = await keyWith({ mount_permission: true, basic_path: '/team' });
      expect(await visiblePaths(teamKey)).toEqual(['/team', '/team/docs']);
      const deepKey = await keyWith({ mount_permission: true, basic_path: '/team/docs/2026' });
      expect(await visiblePaths(deepKey)).toEqual(['/team', '/team/docs']);
      expect(
        await visiblePaths(await keyWith({ mount_permission: true, basic_path: '/x' })),
      ).toEqual([]);

      const seen = await t.request<Mount>('GET', `/api/user/mounts/${docs.id}`, undefined, teamKey);
      expect(seen.body.data).toEqual(docs);
      for (const hidden of [other, old]) {
        const response = await t.request(
          'GET',
          `/api/user/mounts/${hidden.id}`,
          undefined,
          teamKey,
        );
        expect(response.status).toBe(404);
        expect(response.body.error).toBe('mount.not_found');
      }

      // The admin sees every mount on the user routes too, inactive ones included.
      const all = await t.request<MountList>('GET', '/api/user/mounts', undefined, admin);
      expect(all.body.data.items).toHaveLength(5);
      const inactive = await t.request('GET', `/api/user/mounts/${old.id}`, undefined, admin);
      expect(inactive.status).toBe(200);
      expect(team.is_active).toBe(true);
    });
  });

  describe('storage configs in use', () => {
    it('refuse deletion while mounts use them, naming the mounts', async () => {
      const s3 = (await t.request<StorageConfig>('POST', '/api/s3-configs', S3_CONFIG, admin)).body
        .data;
      const onS3 = { storage_type: 's3', storage_config_id: s3.id };
      const b = await created('/b', onS3);
      const a = await created('/a', { ...onS3, is_active: false });
      const refused = await t.request('DELETE', `/api/s3-configs/${s3.id}`, undefined, admin);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('storage.config_mounted');
      expect(refused.body.details).toEqual({
        mounts: [
          { id: a.id, name: a.name, mount_path: '/a' },
          { id: b.id, name: b.name, mount_path: '/b' },
        ],
        mount_paths: '/a, /b',
      });
      const configs = await t.db.selectFrom('storage_configs').select('id').execute();
      expect(configs.map((config) => config.id)).toContain(s3.id);
      expect(await rows()).toHaveLength(2);

      for (const mount of [a, b]) {
        await t.request('DELETE', `/api/admin/mounts/${mount.id}`, undefined, admin);
      }
      const deleted = await t.request('DELETE', `/api/s3-configs/${s3.id}`, undefined, admin);
      expect(deleted.status).toBe(200);
    });
  });

  describe('the mount resolver', () => {
    it('follows every change at once and leaves inactive mounts out', async () => {
      const resolver = t.server.mountResolver;
      expect(await resolver.resolve('/photos/x')).toEqual({ kind: 'not_found' });
      const mount = await created('/photos');
      expect(await resolver.resolve('/photos/x')).toEqual({
        kind: 'mount',
        mount,
        innerPath: '/x',
      });
      await t.request('PUT', `/api/admin/mounts/${mount.id}`, { mount_path: '/pics' }, admin);
      expect(await resolver.resolve('/photos/x')).toEqual({ kind: 'not_found' });
      expect(await resolver.resolve('/pics')).toMatchObject({ kind: 'mount', innerPath: '/' });
      await t.request('PUT', `/api/admin/mounts/${mount.id}`, { is_active: false }, admin);
      expect(await resolver.resolve('/pics')).toEqual({ kind: 'not_found' });
      expect(await resolver.resolve('/')).toEqual({ kind: 'virtual', children: [] });
      await t.request('PUT', `/api/admin/mounts/${mount.id}`, { is_active: true }, admin);
      await created('/pics/nested');
      expect(await resolver.childrenAt('/pics')).toMatchObject([
        { name: 'nested', path: '/pics/nested' },
      ]);
      await t.request('DELETE', `/api/admin/mounts/${mount.id}`, undefined, admin);
      expect(await resolver.resolve('/pics')).toEqual({
        kind: 'virtual',
        children: [expect.objectContaining({ name: 'nested' })],
      });
    });
  });

  it('documents the mount routes in the OpenAPI document', async () => {
    const document = await t.request<never>('GET', '/api/openapi.json');
    const paths = (document.body as unknown as { paths: Record<string, Record<string, unknown>> })
      .paths;
    expect(Object.keys(paths['/api/admin/mounts'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/admin/mounts/{id}'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'put',
    ]);
    expect(Object.keys(paths['/api/user/mounts'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/user/mounts/{id}'] ?? {})).toEqual(['get']);
  });
});
