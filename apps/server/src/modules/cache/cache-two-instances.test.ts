import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeverStale, overPostgres, overRedis, serveFolders } from '../../test/cache-probe';
import { type TestInstance, useTwoInstances } from '../../test/two-instances';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL as string;
const REDIS_URL = process.env.TEST_REDIS_URL as string;

/** Starts both instances, then writes on A and reads on B 200 times. */
async function neverStale(instances: [TestInstance, TestInstance]) {
  for (const instance of instances) await instance.start();
  await expectNeverStale(instances, serveFolders(instances), 200);
}

describe.runIf(POSTGRES_URL)('cache across two instances over PostgreSQL', () => {
  const t = useTwoInstances([overPostgres(POSTGRES_URL), overPostgres(POSTGRES_URL)]);

  it('shows a write on A in a listing on B as soon as the write answered', async () => {
    await neverStale(t.instances);
  }, 120_000);

  it('clears B through the admin route called on A', async () => {
    const [a, b] = t.instances;
    await a.start();
    await b.start();
    const directories = b.server.caches.cache<string>('directories');
    await directories.set('/team/docs', 'cached', 60_000);
    const token = await a.loginAsAdmin();
    const cleared = await a.request('POST', '/api/admin/cache/clear', { path: '/team' }, { token });
    expect(cleared.status).toBe(200);
    expect(await directories.get('/team/docs')).toBeUndefined();
  });

  it('carries topics of other modules to the other instance, not back to the sender', async () => {
    const [a, b] = t.instances;
    const onA: unknown[] = [];
    const onB: unknown[] = [];
    a.server.caches.bus.subscribe('storage.changed', (payload) => onA.push(payload));
    b.server.caches.bus.subscribe('storage.changed', (payload) => onB.push(payload));
    await a.server.caches.bus.publish('storage.changed', { id: 's1' });
    await expect.poll(() => onB).toEqual([{ id: 's1' }]);
    expect(onA).toEqual([{ id: 's1' }]);
  });
});

describe.runIf(POSTGRES_URL && REDIS_URL)('cache across two instances over Redis', () => {
  const keyPrefix = `sharebin-test-${randomBytes(4).toString('hex')}:`;
  const t = useTwoInstances([overRedis(REDIS_URL, keyPrefix), overRedis(REDIS_URL, keyPrefix)]);

  it('shows a write on A in a listing on B as soon as the write answered', async () => {
    await neverStale(t.instances);
    expect(t.instances[1].server.caches.stats().bus).toEqual({ kind: 'redis', connected: true });
  }, 120_000);

  it('carries topics to the other instance', async () => {
    const [a, b] = t.instances;
    const onB: unknown[] = [];
    b.server.caches.bus.subscribe('mounts.changed', (payload) => onB.push(payload));
    await a.server.caches.bus.publish('mounts.changed', { id: 'm1' });
    await expect.poll(() => onB).toEqual([{ id: 'm1' }]);
  });
});
