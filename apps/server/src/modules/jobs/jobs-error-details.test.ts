import type { StorageConfig } from '@sharebin/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fs-kit';
import { ENGINES, type RequestOptions, useTestServer } from '../../test/harness';
import { jobTestClients, TEST_JOB_TIMINGS } from '../../test/jobs-kit';
import { JOB_ERROR_TEXT_CHARS, storedErrorDetails } from './jobs.models';

describe('the details a failed job keeps', () => {
  it('bounds every text in them, however deep, and keeps the rest as it is', () => {
    const long = 'y'.repeat(JOB_ERROR_TEXT_CHARS * 3);
    const stored = JSON.parse(
      storedErrorDetails({
        reason: long,
        path: '/a/b',
        size: 12,
        nested: { why: long, list: [long, 3, null] },
      }),
    );
    expect(stored).toEqual({
      reason: long.slice(0, JOB_ERROR_TEXT_CHARS),
      path: '/a/b',
      size: 12,
      nested: {
        why: long.slice(0, JOB_ERROR_TEXT_CHARS),
        list: [long.slice(0, JOB_ERROR_TEXT_CHARS), 3, null],
      },
    });
  });
});

describe.each(ENGINES)('a job that fails with a long reason, on %s', (engine) => {
  const t = useTestServer(engine, { jobTimings: TEST_JOB_TIMINGS });
  let admin: RequestOptions;
  let local: StorageConfig;
  const { fs, jobs } = jobTestClients(
    () => t.server,
    () => admin,
  );

  beforeEach(async () => {
    ({ admin, storage: local } = await t.signInWithLocalStorage());
    await fs.mount('/a', local.id);
    await ok(fs.request('POST', '/api/admin/fs/mkdir', { path: '/a/in' }), 201);
    await ok(fs.upload('/a', 'x.txt', 'some text'), 201);
  });

  it('keeps at most JOB_ERROR_TEXT_CHARS of its reason in error_details', async () => {
    // A storage that stays unreachable with a very long complaint (a proxy's HTML error page).
    const complaint = `unreachable: ${'<html>'.repeat(2_000)}`;
    const driver = await t.server.drivers.forConfig(local.id);
    const copy = vi
      .spyOn(driver, 'copy')
      .mockRejectedValue(Object.assign(new Error(complaint), { code: 'ECONNRESET' }));
    try {
      const id = await jobs.start('batch-copy', [{ sourcePath: '/a/x.txt', targetPath: '/a/in/' }]);
      const job = await jobs.finish(id);
      expect(copy).toHaveBeenCalled();
      expect(job).toMatchObject({ status: 'failed', error_code: 'fs.storage_down' });
      const reason = String(job.error_details?.reason);
      // Compared by length first: a failure should not print 12,000 characters.
      expect(reason.length).toBe(JOB_ERROR_TEXT_CHARS);
      expect(complaint.startsWith(reason)).toBe(true);
      expect((job.error ?? '').length).toBeLessThanOrEqual(JOB_ERROR_TEXT_CHARS);
      const row = await t.db
        .selectFrom('jobs')
        .select('error_details')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect((row.error_details ?? '').length).toBeLessThan(JOB_ERROR_TEXT_CHARS + 50);
    } finally {
      copy.mockRestore();
    }
  });
});
