import type { StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useS3rver } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { jobTestClients, TEST_JOB_TIMINGS } from '../../test/jobs-kit';

vi.setConfig({ hookTimeout: 30_000 });

const s3rver = useS3rver();

describe.each(ENGINES)('jobs between S3 and local storage on %s', (engine) => {
  const t = useTestServer(engine, { jobTimings: TEST_JOB_TIMINGS });
  let admin: RequestOptions;
  const { fs, jobs } = jobTestClients(
    () => t.server,
    () => admin,
  );
  const read = (path: string) => fs.bytes(path);

  beforeEach(async () => {
    let local: StorageConfig;
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    const bucket = await t.addS3Storage(admin, s3rver().storageFields);
    await fs.mount('/disk', local.id);
    await fs.mount('/s3', bucket.id, { storage_type: 's3' });
  });

  it('streams a folder to S3 and back, and moves within S3 by the storage', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    await fs.request('POST', '/api/admin/fs/mkdir', { path: '/disk/src/empty' });
    await fs.upload('/disk/src', 'note.txt', 'hello');
    await fs.upload('/disk/src/deep', 'big.bin', big.toString('latin1'));

    const up = await jobs.finish(
      await jobs.start('batch-copy', [{ sourcePath: '/disk/src', targetPath: '/s3' }]),
    );
    expect(up).toMatchObject({ status: 'completed', success: 2, bytes_done: big.length + 5 });
    expect(await fs.names('/s3/src')).toEqual(['deep', 'empty', 'note.txt']);
    expect((await read('/s3/src/deep/big.bin'))?.equals(big)).toBe(true);

    await fs.request('POST', '/api/admin/fs/mkdir', { path: '/s3/moved' });
    const within = await jobs.finish(
      await jobs.start('move', [{ sourcePath: '/s3/src', targetPath: '/s3/moved' }]),
    );
    expect(within).toMatchObject({ status: 'completed', success: 1 });
    expect(await fs.names('/s3')).toEqual(['moved']);

    const back = await jobs.finish(
      await jobs.start('move', [{ sourcePath: '/s3/moved/src', targetPath: '/disk' }], {
        conflict: 'rename',
      }),
    );
    expect(back).toMatchObject({ status: 'completed', success: 2, failed: 0 });
    expect(await fs.names('/disk')).toEqual(['src', 'src (1)']);
    expect((await read('/disk/src (1)/deep/big.bin'))?.equals(big)).toBe(true);
    // The folder the moved one left stays (a marker on S3), as on any disk.
    expect(await fs.names('/s3')).toEqual(['moved']);
    expect(await fs.names('/s3/moved')).toEqual([]);
  });
});
