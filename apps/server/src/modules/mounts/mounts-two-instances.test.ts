import type { Mount, MountList, StorageConfig } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { useTwoInstances } from '../../test/two-instances';
import { MOUNT_TREE_MAX_AGE_MS } from './mount-resolver';

/** Mounts live in the database: what one instance saves, the other serves. */
describe.runIf(process.env.TEST_POSTGRES_URL)('mounts across two instances', () => {
  const t = useTwoInstances();

  it('shows a mount created on one instance on the other, and refuses its path there', async () => {
    const [a, b] = t.instances;
    await a.start();
    await b.start();
    const admin = { token: await a.loginAsAdmin() };
    const [local] = (await b.request<StorageConfig[]>('GET', '/api/s3-configs', undefined, admin))
      .body.data;
    // B builds its mount tree before the mount exists.
    expect(await b.server.mountResolver.resolve('/shared/x')).toEqual({ kind: 'not_found' });

    const body = {
      name: 'Shared',
      storage_type: 'local',
      storage_config_id: local?.id,
      mount_path: '/shared',
    };
    const created = await a.request<Mount>('POST', '/api/admin/mounts', body, admin);
    expect(created.status).toBe(201);

    const listed = await b.request<MountList>('GET', '/api/admin/mounts', undefined, admin);
    expect(listed.body.data.items).toEqual([created.body.data]);
    const key = await b.request<{ key: string }>(
      'POST',
      '/api/admin/api-keys',
      { name: 'reader', mount_permission: true, basic_path: '/shared/docs' },
      admin,
    );
    const seen = await b.request<MountList>('GET', '/api/user/mounts', undefined, {
      apiKey: key.body.data.key,
    });
    expect(seen.body.data.items).toEqual([created.body.data]);

    const again = await b.request('POST', '/api/admin/mounts', { ...body, name: 'Again' }, admin);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('mount.path_taken');

    // Until the cache bus tells B, its tree catches up within its maximum age.
    t.clock.advance(MOUNT_TREE_MAX_AGE_MS);
    expect(await b.server.mountResolver.resolve('/shared/x')).toEqual({
      kind: 'mount',
      mount: created.body.data,
      innerPath: '/x',
    });
    // The bus's seam: invalidating B makes a deletion on A show at once.
    await a.request('DELETE', `/api/admin/mounts/${created.body.data.id}`, undefined, admin);
    b.server.mountResolver.invalidate();
    expect(await b.server.mountResolver.resolve('/shared/x')).toEqual({ kind: 'not_found' });
  });
});
