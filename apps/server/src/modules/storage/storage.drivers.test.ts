import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../shared/clock';
import { DEFAULT_S3_TIMEOUTS } from './drivers/s3/s3-options';
import { createStorageDrivers, type StorageDriversDeps } from './storage.drivers';

/** A config source that counts its reads and tells of changes as the use cases do. */
function countingStorage() {
  const listeners = new Set<(id: string) => void>();
  let reads = 0;
  let version = 1;
  const storage: StorageDriversDeps['storage'] = {
    credentialsOf: async (id: string) => {
      reads++;
      if (id !== 'cfg') throw new Error('no such config');
      return {
        id,
        storage_type: 'local',
        root_path: null,
        default_folder: '',
        updated_at: version,
      } as never;
    },
    onConfigChanged: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    storage,
    reads: () => reads,
    update: () => {
      version++;
      for (const listener of listeners) listener('cfg');
    },
  };
}

describe('storage resolver', () => {
  it('reads a config once, rebuilds after a change, and tells the bus seam', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sharebin-resolver-'));
    const source = countingStorage();
    const drivers = createStorageDrivers({
      storage: source.storage,
      dataDir,
      secretKey: 'k'.repeat(64),
      publicUrl: '',
      clock: systemClock,
      s3Timeouts: DEFAULT_S3_TIMEOUTS,
    });
    const announced: string[] = [];
    drivers.onInvalidate((id) => announced.push(id));

    const [first, again] = await Promise.all([drivers.resolve('cfg'), drivers.resolve('cfg')]);
    await drivers.forConfig('cfg');
    expect(source.reads()).toBe(1);
    expect(again.driver).toBe(first.driver);
    expect(first.capabilities).toMatchObject({ directUrls: false, hostFolder: false });

    source.update();
    const rebuilt = await drivers.resolve('cfg');
    expect(source.reads()).toBe(2);
    expect(rebuilt.driver).not.toBe(first.driver);
    expect(rebuilt.config.updated_at).toBe(2);
    expect(announced).toEqual(['cfg']);

    // What the bus relays from another instance drops the copy without echoing it back.
    drivers.invalidate('cfg', { fromBus: true });
    await drivers.resolve('cfg');
    expect(source.reads()).toBe(3);
    expect(announced).toEqual(['cfg']);

    // A failed build is not cached.
    await expect(drivers.resolve('missing')).rejects.toThrow('no such config');
    await expect(drivers.resolve('missing')).rejects.toThrow('no such config');
    expect(source.reads()).toBe(5);
    await drivers.closeAll();
    await rm(dataDir, { recursive: true, force: true });
  });
});
