import { describe, expect, it } from 'vitest';
import { expiryFrom, remainingViews, shareState } from './share-state';

const NOW = 1_000_000;

describe('shareState', () => {
  it.each([
    [{ expires_at: null, max_views: 0, views: 99 }, 'live'],
    [{ expires_at: NOW + 1, max_views: 3, views: 2 }, 'live'],
    [{ expires_at: NOW, max_views: 0, views: 0 }, 'expired'],
    [{ expires_at: NOW - 1, max_views: 1, views: 1 }, 'expired'],
    [{ expires_at: null, max_views: 3, views: 3 }, 'exhausted'],
    [{ expires_at: null, max_views: 3, views: 4 }, 'exhausted'],
  ] as const)('%o is %s', (share, state) => {
    expect(shareState(share, NOW)).toBe(state);
  });
});

describe('remainingViews', () => {
  it('is null for unlimited shares and never negative', () => {
    expect(remainingViews({ max_views: 0, views: 5 })).toBeNull();
    expect(remainingViews({ max_views: 3, views: 1 })).toBe(2);
    expect(remainingViews({ max_views: 3, views: 7 })).toBe(0);
  });
});

describe('expiryFrom', () => {
  it('counts from now; never has no expiry', () => {
    expect(expiryFrom('never', NOW)).toBeNull();
    expect(expiryFrom('1h', NOW)).toBe(NOW + 3_600_000);
  });
});
