import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { expectNeverStale, overPostgres, overRedis, serveFolders } from '../../test/cache-probe';
import { terminateBackends } from '../../test/pg-admin';
import { startTcpProxy } from '../../test/tcp-proxy';
import { type TestInstance, useTwoInstances } from '../../test/two-instances';

const POSTGRES_URL = process.env.TEST_POSTGRES_URL as string;
const REDIS_URL = process.env.TEST_REDIS_URL as string;

/** Counts the bus's comebacks on `instance` and collects what `topic` brings it. */
function watchBus(instance: TestInstance, topic: string) {
  const received: unknown[] = [];
  let reconnects = 0;
  instance.server.caches.bus.subscribe(topic, (payload) => received.push(payload));
  instance.server.caches.bus.onReconnect(() => reconnects++);
  return { received, reconnects: () => reconnects };
}

describe.runIf(POSTGRES_URL)('the PostgreSQL bus losing its connection', () => {
  const applicationName = `sharebin_bus_${randomBytes(4).toString('hex')}`;
  const t = useTwoInstances([
    overPostgres(POSTGRES_URL, { applicationName }),
    overPostgres(POSTGRES_URL, { applicationName }),
  ]);

  it('stays never stale while the LISTEN connections are terminated, and reconnects', async () => {
    const [a, b] = t.instances;
    for (const instance of t.instances) await instance.start();
    const folders = serveFolders(t.instances);
    const onB = watchBus(b, 'mounts.changed');

    expect(await terminateBackends(POSTGRES_URL, applicationName)).toBe(2);

    // Right after the kill, before any reconnect: the generations keep B exact.
    await expectNeverStale(t.instances, folders, 20);
    await vi.waitFor(() => {
      expect(onB.reconnects()).toBe(1);
      expect(a.server.caches.bus.connected && b.server.caches.bus.connected).toBe(true);
    });
    await a.server.caches.bus.publish('mounts.changed', { id: 'm1' });
    await expect.poll(() => onB.received).toEqual([{ id: 'm1' }]);
    await expectNeverStale(t.instances, folders, 20);
  });
});

describe.runIf(POSTGRES_URL && REDIS_URL)('the Redis bus through a network break', () => {
  const proxy = { current: undefined as Awaited<ReturnType<typeof startTcpProxy>> | undefined };
  const keyPrefix = `sharebin-test-${randomBytes(4).toString('hex')}:`;
  // Both instances reach Redis through one proxy that the test cuts.
  const throughProxy = async () => {
    // Parsed here, not when the file is collected: a run without Redis skips this suite.
    const target = new URL(REDIS_URL);
    proxy.current ??= await startTcpProxy({
      host: target.hostname,
      port: Number(target.port || 6379),
    });
    return `redis://127.0.0.1:${proxy.current.port}`;
  };
  const t = useTwoInstances([
    async (database) => overRedis(await throughProxy(), keyPrefix)(database),
    async (database) => overRedis(await throughProxy(), keyPrefix)(database),
  ]);

  it('serves only what it can validate during the break, and recovers after it', async () => {
    const [a, b] = t.instances;
    const cut = proxy.current as NonNullable<typeof proxy.current>;
    try {
      for (const instance of t.instances) await instance.start();
      const folders = serveFolders(t.instances);
      const onB = watchBus(b, 'storage.changed');
      await expectNeverStale(t.instances, folders, 5);
      const directories = b.server.caches.cache('directories');

      cut.cut();
      const unvalidatedBefore = directories.stats().unvalidated;
      // A write cannot tell the other instances: it fails instead of answering as if it had.
      expect((await folders.tryWrite(a, '/docs/during.txt')).status).toBe(500);
      // B cannot validate its cached listing: it reads the storage, which holds that write.
      expect(await folders.list(b, '/docs')).toBe(folders.stored('/docs'));
      expect(directories.stats().unvalidated).toBeGreaterThan(unvalidatedBefore);
      expect(directories.stats().entries).toBeLessThanOrEqual(1);

      cut.restore();
      await vi.waitFor(
        () => {
          expect(onB.reconnects()).toBeGreaterThanOrEqual(1);
          expect(a.server.caches.bus.connected && b.server.caches.bus.connected).toBe(true);
        },
        { timeout: 15_000 },
      );
      await expectNeverStale(t.instances, folders, 20);
      await a.server.caches.bus.publish('storage.changed', { id: 's1' });
      await expect.poll(() => onB.received).toEqual([{ id: 's1' }]);
    } finally {
      await cut.close();
      proxy.current = undefined;
    }
  }, 60_000);
});
