import type { StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, useS3rver } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { jobTestClients, TEST_JOB_TIMINGS } from '../../test/jobs-kit';
import { startTcpProxy } from '../../test/tcp-proxy';

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
      await jobs.start('batch-copy', [{ sourcePath: '/disk/src', targetPath: '/s3/' }]),
    );
    expect(up).toMatchObject({ status: 'completed', success: 2, bytes_done: big.length + 5 });
    expect(await fs.names('/s3/src')).toEqual(['deep', 'empty', 'note.txt']);
    expect((await read('/s3/src/deep/big.bin'))?.equals(big)).toBe(true);

    await fs.request('POST', '/api/admin/fs/mkdir', { path: '/s3/moved' });
    const within = await jobs.finish(
      await jobs.start('move', [{ sourcePath: '/s3/src', targetPath: '/s3/moved/' }]),
    );
    expect(within).toMatchObject({ status: 'completed', success: 1 });
    expect(await fs.names('/s3')).toEqual(['moved']);

    const back = await jobs.finish(
      await jobs.start('move', [{ sourcePath: '/s3/moved/src', targetPath: '/disk/' }], {
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

describe.each(ENGINES)('a copy job across a storage restart on %s', (engine) => {
  const t = useTestServer(engine, {
    // The waits span 6.3 s, more than the break; each call gives up within a quarter second.
    jobTimings: { ...TEST_JOB_TIMINGS, retryDelaysMs: [100, 200, 400, 800, 1_600, 3_200] },
    s3Timeouts: { connectMs: 250, idleMs: 250 },
  });
  let admin: RequestOptions;
  const { fs, jobs } = jobTestClients(
    () => t.server,
    () => admin,
  );

  /** s3rver behind a proxy that the test can cut, mounted at `/s3`; 20 files in `/disk/many`. */
  async function flakyStorage(proxy: Awaited<ReturnType<typeof startTcpProxy>>) {
    let local: StorageConfig;
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    const bucket = await t.addS3Storage(admin, {
      ...s3rver().storageFields,
      endpoint: `http://127.0.0.1:${proxy.port}`,
    });
    await fs.mount('/disk', local.id);
    await fs.mount('/s3', bucket.id, { storage_type: 's3' });
    const names = Array.from({ length: 20 }, (_, i) => `f${String(i).padStart(2, '0')}.txt`);
    for (const name of names) await fs.upload('/disk/many', name, `body of ${name}`);
    return names;
  }

  /** Cuts the proxy once the worker has finished `after` items; `restoreAfterMs` brings it back. */
  function cutAfter(
    proxy: Awaited<ReturnType<typeof startTcpProxy>>,
    after: number,
    restoreAfterMs?: number,
  ) {
    let finished = 0;
    let restored: Promise<void> | undefined;
    const stopListening = t.server.jobs.worker.onItemFinished(() => {
      finished += 1;
      if (finished !== after) return;
      proxy.cut();
      if (restoreAfterMs === undefined) return;
      restored = new Promise((resolve) =>
        setTimeout(() => {
          proxy.restore();
          resolve();
        }, restoreAfterMs),
      );
    });
    return {
      async done() {
        stopListening();
        await restored;
        return finished >= after;
      },
    };
  }

  const withProxy = async (
    test: (proxy: Awaited<ReturnType<typeof startTcpProxy>>) => Promise<void>,
  ) => {
    const proxy = await startTcpProxy({
      host: '127.0.0.1',
      port: Number(new URL(s3rver().endpoint).port),
    });
    try {
      await test(proxy);
    } finally {
      await proxy.close();
    }
  };

  it(
    'loses no item of a 20-file copy when the storage is away for 2 s in the middle',
    () =>
      withProxy(async (proxy) => {
        const names = await flakyStorage(proxy);
        const restart = cutAfter(proxy, 5, 2_000);
        const id = await jobs.start('batch-copy', [
          { sourcePath: '/disk/many', targetPath: '/s3/' },
        ]);
        const job = await jobs.finish(id);
        expect(await restart.done()).toBe(true);
        expect(job).toMatchObject({ status: 'completed', success: 20, failed: 0 });
        expect(await fs.names('/s3/many')).toEqual(names);
        for (const name of names) {
          expect((await fs.bytes(`/s3/many/${name}`))?.toString()).toBe(`body of ${name}`);
        }
      }),
    60_000,
  );

  it(
    'stops a job whose storage stays away, failing no item, and finishes it on retry',
    () =>
      withProxy(async (proxy) => {
        const names = await flakyStorage(proxy);
        const outage = cutAfter(proxy, 5);
        const id = await jobs.start('batch-copy', [
          { sourcePath: '/disk/many', targetPath: '/s3/' },
        ]);
        const stopped = await jobs.finish(id);
        expect(await outage.done()).toBe(true);
        // The folder, then four files went before the break; the rest wait, none failed.
        expect(stopped).toMatchObject({ status: 'failed', success: 4, failed: 0 });
        expect(stopped.error).toMatch(/retry the job once it is back/);
        expect(stopped.error_code).toBe('fs.storage_down');

        proxy.restore();
        await ok(jobs.request('POST', `/jobs/${id}/retry`));
        expect(await jobs.finish(id)).toMatchObject({
          status: 'completed',
          success: 20,
          failed: 0,
        });
        expect(await fs.names('/s3/many')).toEqual(names);
      }),
    60_000,
  );
});
