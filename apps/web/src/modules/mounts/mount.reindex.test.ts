import type { FsJob } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { reindexOutcome } from './mount.reindex';

/** A rebuild job of one mount as the server answers it once it has ended. */
const job = (over: Partial<FsJob>): FsJob => ({
  id: 'j1',
  type: 'reindex',
  status: 'completed',
  partial: false,
  subject: { source: '/docs', target: null, paths: 1 },
  items_total: 1,
  items_done: 1,
  bytes_total: 0,
  bytes_done: 42,
  success: 1,
  skipped: 0,
  failed: 0,
  errors: [],
  error: null,
  error_code: null,
  cancel_requested: false,
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: '2026-01-01T00:00:00.000Z',
  finished_at: '2026-01-01T00:00:01.000Z',
  ...over,
});

describe('the end of an index rebuild', () => {
  it('is done when the mount was indexed', () => {
    expect(reindexOutcome(job({}), 'en-US')).toEqual({ key: 'done' });
  });

  it('says a rebuild that another one already ran was skipped', () => {
    expect(reindexOutcome(job({ success: 0, skipped: 1 }), 'en-US').key).toBe('alreadyRunning');
  });

  it('says a cancel as such', () => {
    expect(reindexOutcome(job({ status: 'cancelled', success: 0 }), 'en-US').key).toBe('cancelled');
  });

  it('gives the reason of a failure, in the reader’s language', () => {
    const failed = job({
      status: 'completed',
      partial: true,
      success: 0,
      failed: 1,
      errors: [{ path: '/docs', error: 'mount.not_found', message: 'Mount not found' }],
    });
    const outcome = reindexOutcome(failed, 'en-US');
    expect(outcome).toMatchObject({ key: 'failed' });
    expect(outcome.key === 'failed' && outcome.reason.startsWith('/docs: ')).toBe(true);
    expect(reindexOutcome(job({ status: 'failed', error: 'Storage gone' }), 'en-US')).toEqual({
      key: 'failed',
      reason: 'Storage gone',
    });
  });
});
