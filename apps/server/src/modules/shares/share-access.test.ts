import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../test/harness';
import { createAccessTokens } from '../shared/access-token';
import { type AccessibleShare, createShareAccess } from './share-access';
import type { SharePasswordGuard } from './share-password';
import { shareState } from './share-state';
import type { ShareTombstones } from './share-tombstones';

const fail = (name: string) => () => new Error(name);
const errors = {
  notFound: fail('notFound'),
  expired: fail('expired'),
  exhausted: fail('exhausted'),
  passwordRequired: fail('passwordRequired'),
  wrongPassword: fail('wrongPassword'),
};

/** One share in memory, counted the way the SQL counter counts; passwords checked for real. */
function setUp(share: Omit<AccessibleShare, 'password_hash'> & { password?: string }) {
  const clock = createTestClock();
  const row: AccessibleShare = {
    ...share,
    password_hash: share.password ? `hash of ${share.password}` : null,
  };
  const shares = new Map([[row.slug, row]]);
  const attempts: string[] = [];
  const passwordGuard: SharePasswordGuard = {
    hash: async (password) => `hash of ${password}`,
    countAttempt: async (key) => {
      attempts.push(key);
    },
    check: async (input) => input.passwordHash === null || input.password === share.password,
  };
  const tombstones = {
    reasonFor: async (_kind: string, slug: string) => (slug === 'gone' ? 'expired' : undefined),
  } as unknown as ShareTombstones;
  const accessTokens = createAccessTokens({ secretKey: 'k'.repeat(32), clock });
  /** The dashboard's activity as the share access reports it. */
  const recorded: string[] = [];
  const access = createShareAccess<AccessibleShare>({
    kind: 'paste',
    find: async (slug) => shares.get(slug),
    countView: async ({ slug, now, passwordless }) => {
      const found = shares.get(slug);
      if (!found || shareState(found, now) !== 'live') return undefined;
      if (passwordless && found.password_hash !== null) return undefined;
      found.views++;
      return { ...found };
    },
    accessScope: (found) => `paste:${found.slug}:${found.password_hash}`,
    errors,
    passwordGuard,
    accessTokens,
    tombstones,
    clock,
    activity: { record: (metric) => recorded.push(metric) },
  });
  return { access, row, attempts, accessTokens, clock, recorded };
}

const base = { slug: 's', expires_at: null, max_views: 0, views: 0 };

describe('share access', () => {
  it('counts an open view and refuses a protected share without its password', async () => {
    const open = setUp(base);
    expect((await open.access.viewOpen('s')).views).toBe(1);
    expect(open.recorded).toEqual(['views']);
    const locked = setUp({ ...base, password: 'pw' });
    await expect(locked.access.viewOpen('s')).rejects.toThrow('passwordRequired');
    expect(locked.row.views).toBe(0);
    expect(locked.recorded).toEqual([]);
  });

  it('counts every password attempt and counts a view only for the right one', async () => {
    const { access, row, attempts } = setUp({ ...base, password: 'pw' });
    await expect(access.viewWith('s', 'nope', '1.2.3.4')).rejects.toThrow('wrongPassword');
    expect(row.views).toBe(0);
    expect((await access.viewWith('s', 'pw', '1.2.3.4')).views).toBe(1);
    expect(attempts).toEqual(['paste:s', 'paste:s']);
  });

  it('tells expired, used-up, gone and unknown shares apart', async () => {
    const { clock, access } = setUp({ ...base, expires_at: createTestClock().now() + 1 });
    clock.advance(1);
    await expect(access.viewOpen('s')).rejects.toThrow('expired');
    const used = setUp({ ...base, max_views: 1, views: 1 });
    await expect(used.access.viewWith('s', 'x', 'ip')).rejects.toThrow('exhausted');
    await expect(used.access.viewOpen('gone')).rejects.toThrow('expired');
    await expect(used.access.viewOpen('never-was')).rejects.toThrow('notFound');
  });

  it('takes a token bound to the share without counting, and refuses a forged one', async () => {
    const { access, row, accessTokens } = setUp({ ...base, password: 'pw' });
    const token = accessTokens.issue(`paste:s:${row.password_hash}`, 60_000);
    expect((await access.withToken('s', token)).views).toBe(0);
    await expect(access.withToken('s', `${token}x`)).rejects.toMatchObject({ status: 401 });
  });
});
