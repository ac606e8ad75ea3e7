import type { Mount } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../test/harness';
import { createMountResolver, MOUNT_TREE_MAX_AGE_MS } from './mount-resolver';

const mountAt = (mount_path: string): Mount => ({
  id: mount_path,
  name: mount_path,
  storage_type: 'local',
  storage_config_id: 'storage',
  mount_path,
  remark: '',
  sort_order: 0,
  cache_ttl: 300,
  is_active: true,
  created_by: 'admin',
  created_at: '2026-06-01T12:00:00.000Z',
  updated_at: '2026-06-01T12:00:00.000Z',
  last_refreshed_at: null,
  reindex_minutes: null,
});

/** A mount table the test changes, counting how often the resolver reads it. */
function fakeTable(paths: string[]) {
  const table = { paths, loads: 0, gate: Promise.resolve() };
  const load = async () => {
    table.loads++;
    const snapshot = table.paths.map(mountAt);
    await table.gate;
    return snapshot;
  };
  return { table, load };
}

describe('mount resolver cache', () => {
  it('builds the tree once for many requests, even concurrent ones', async () => {
    const { table, load } = fakeTable(['/a']);
    const resolver = createMountResolver({ loadActiveMounts: load, clock: createTestClock() });
    const answers = await Promise.all([
      resolver.resolve('/a/x'),
      resolver.resolve('/'),
      resolver.childrenAt('/'),
    ]);
    await resolver.resolve('/a');
    expect(table.loads).toBe(1);
    expect(answers[0]).toMatchObject({ kind: 'mount', innerPath: '/x' });
  });

  it('reads the mounts again after invalidate()', async () => {
    const { table, load } = fakeTable(['/a']);
    const resolver = createMountResolver({ loadActiveMounts: load, clock: createTestClock() });
    expect(await resolver.resolve('/b')).toEqual({ kind: 'not_found' });
    table.paths = ['/a', '/b'];
    expect(await resolver.resolve('/b')).toEqual({ kind: 'not_found' });
    resolver.invalidate();
    expect(await resolver.resolve('/b')).toMatchObject({ kind: 'mount', innerPath: '/' });
    expect(table.loads).toBe(2);
  });

  it('does not keep a tree whose load began before an invalidation', async () => {
    const { table, load } = fakeTable(['/old']);
    let release = () => {};
    table.gate = new Promise((resolve) => {
      release = resolve;
    });
    const resolver = createMountResolver({ loadActiveMounts: load, clock: createTestClock() });
    const early = resolver.resolve('/old');
    resolver.invalidate();
    table.paths = ['/new'];
    table.gate = Promise.resolve();
    const late = resolver.resolve('/new');
    release();
    expect(await early).toMatchObject({ kind: 'mount' });
    expect(await late).toMatchObject({ kind: 'mount' });
    expect(await resolver.resolve('/old')).toEqual({ kind: 'not_found' });
    expect(table.loads).toBe(2);
  });

  it('rebuilds after its maximum age, for changes made by other instances', async () => {
    const { table, load } = fakeTable([]);
    const clock = createTestClock();
    const resolver = createMountResolver({ loadActiveMounts: load, clock });
    expect(await resolver.resolve('/a')).toEqual({ kind: 'not_found' });
    table.paths = ['/a'];
    clock.advance(MOUNT_TREE_MAX_AGE_MS - 1);
    expect(await resolver.resolve('/a')).toEqual({ kind: 'not_found' });
    clock.advance(1);
    expect(await resolver.resolve('/a')).toMatchObject({ kind: 'mount' });
  });

  it('lets a failed load fail its callers and tries again on the next call', async () => {
    let fail = true;
    const resolver = createMountResolver({
      loadActiveMounts: async () => {
        if (fail) throw new Error('database down');
        return [mountAt('/a')];
      },
      clock: createTestClock(),
    });
    await expect(resolver.resolve('/a')).rejects.toThrow('database down');
    fail = false;
    expect(await resolver.resolve('/a')).toMatchObject({ kind: 'mount' });
  });
});
