import type { CreatedApiKey } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { ENGINES, useTestServer } from '../../test/harness';

interface StatsBody {
  caches: { name: string; hits: number; misses: number; hit_rate: number; entries: number }[];
  bus: { kind: string; connected: boolean };
}

const FOLDERS = ['/', '/team', '/team/docs', '/team/docs/old', '/teamwork', '/other'];

describe.each(ENGINES)('cache routes (%s)', (engine) => {
  const t = useTestServer(engine);
  const directories = () => t.server.caches.cache<string>('directories');

  async function fillDirectories() {
    for (const folder of FOLDERS) await directories().set(folder, `listing of ${folder}`, 60_000);
  }

  async function cachedFolders() {
    const present: string[] = [];
    for (const folder of FOLDERS) if (await directories().get(folder)) present.push(folder);
    return present;
  }

  const clearAsUser = (body: unknown, auth: { apiKey?: string; token?: string }) =>
    t.request<{ path: string }>('POST', '/api/user/cache/clear', body, auth);

  async function createKey(token: string, fields: Record<string, unknown>) {
    const created = await t.request<CreatedApiKey>(
      'POST',
      '/api/admin/api-keys',
      { name: 'script', ...fields },
      { token },
    );
    expect(created.status).toBe(201);
    return created.body.data.key;
  }

  it('GET /admin/cache/stats answers every cache with its counters, for the admin only', async () => {
    const token = await t.loginAsAdmin();
    await directories().getOrLoad('/a', 60_000, async () => 'x');
    await directories().getOrLoad('/a', 60_000, async () => 'x');
    const stats = await t.request<StatsBody>('GET', '/api/admin/cache/stats', undefined, {
      token,
    });
    expect(stats.status).toBe(200);
    expect(stats.body.data.caches.map((cache) => cache.name)).toEqual([
      'directories',
      'storage-urls',
      'search',
    ]);
    expect(stats.body.data.caches[0]).toMatchObject({
      hits: 1,
      misses: 1,
      hit_rate: 0.5,
      loads: 1,
      invalidations: 0,
      entries: 1,
    });
    expect(stats.body.data.bus).toEqual({ kind: 'in-process', connected: true });

    const anonymous = await t.request('GET', '/api/admin/cache/stats');
    expect([anonymous.status, anonymous.body.error]).toEqual([401, 'auth.required']);
    const apiKey = await createKey(token, { mount_permission: true });
    const byKey = await t.request('GET', '/api/admin/cache/stats', undefined, { apiKey });
    expect([byKey.status, byKey.body.error]).toEqual([403, 'auth.forbidden']);
  });

  it('POST /admin/cache/clear clears everything, or the folders at and below a path', async () => {
    const token = await t.loginAsAdmin();
    await fillDirectories();
    const below = await t.request('POST', '/api/admin/cache/clear', { path: 'team/' }, { token });
    expect(below.status).toBe(200);
    expect(below.body.data).toEqual({
      path: '/team',
      caches: ['directories', 'storage-urls', 'search'],
    });
    expect(await cachedFolders()).toEqual(['/', '/teamwork', '/other']);

    const all = await t.request<{ path: string }>('POST', '/api/admin/cache/clear', undefined, {
      token,
    });
    expect([all.status, all.body.data.path]).toEqual([200, '/']);
    expect(await cachedFolders()).toEqual([]);
  });

  it('refuses bad admin clears and clears nothing', async () => {
    const token = await t.loginAsAdmin();
    await fillDirectories();
    const cases: [unknown, number, string][] = [
      [{ path: '/a/../b' }, 400, 'validation.failed'],
      [{ path: 42 }, 400, 'validation.failed'],
      [{ mount_id: '' }, 400, 'validation.failed'],
      [{ mount_id: 'm1', path: '/team' }, 400, 'validation.failed'],
      [{ mount_id: 'no-such-mount' }, 404, 'mount.not_found'],
    ];
    for (const [body, status, error] of cases) {
      const response = await t.request('POST', '/api/admin/cache/clear', body, { token });
      expect([body, response.status, response.body.error]).toEqual([body, status, error]);
    }
    const malformed = await t.request('POST', '/api/admin/cache/clear', '{', { token });
    expect([malformed.status, malformed.body.error]).toEqual([400, 'request.malformed_json']);
    expect(await cachedFolders()).toEqual(FOLDERS);
    expect(directories().stats().invalidations).toBe(0);
  });

  it('POST /user/cache/clear clears only at and below the key base path', async () => {
    const token = await t.loginAsAdmin();
    const apiKey = await createKey(token, { mount_permission: true, basic_path: '/team' });
    await fillDirectories();

    const byDefault = await clearAsUser(undefined, { apiKey });
    expect([byDefault.status, byDefault.body.data.path]).toEqual([200, '/team']);
    expect(await cachedFolders()).toEqual(['/', '/teamwork', '/other']);

    await fillDirectories();
    const deeper = await clearAsUser({ path: '/team/docs/old' }, { apiKey });
    expect(deeper.status).toBe(200);
    expect(await cachedFolders()).toEqual(['/', '/team', '/team/docs', '/teamwork', '/other']);
  });

  it('refuses a key outside its base path, without mount permission, or anonymous', async () => {
    const token = await t.loginAsAdmin();
    const apiKey = await createKey(token, { mount_permission: true, basic_path: '/team' });
    const noMount = await createKey(token, { file_permission: true, basic_path: '/' });
    await fillDirectories();
    const cases: [Record<string, string>, unknown, number, string][] = [
      [{ apiKey }, { path: '/teamwork' }, 403, 'auth.forbidden'],
      [{ apiKey }, { path: '/' }, 403, 'auth.forbidden'],
      [{ apiKey }, { path: '/team/../other' }, 400, 'validation.failed'],
      [{ apiKey: noMount }, {}, 403, 'auth.forbidden'],
      [{}, {}, 401, 'auth.required'],
    ];
    for (const [auth, body, status, error] of cases) {
      const response = await clearAsUser(body, auth);
      expect([body, response.status, response.body.error]).toEqual([body, status, error]);
    }
    const outside = await clearAsUser({ path: '/other' }, { apiKey });
    expect(outside.body.details).toEqual({ path: '/other' });
    expect(await cachedFolders()).toEqual(FOLDERS);
    expect(directories().stats().invalidations).toBe(0);
  });

  it('lets the admin use the user route for any path', async () => {
    const token = await t.loginAsAdmin();
    await fillDirectories();
    const response = await clearAsUser({ path: '/other' }, { token });
    expect(response.status).toBe(200);
    expect(await cachedFolders()).toEqual([
      '/',
      '/team',
      '/team/docs',
      '/team/docs/old',
      '/teamwork',
    ]);
  });
});
