import { PWA_INSTALL_DISMISS_MS } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { shouldOfferInstall } from './install-prompt';

describe('install prompt', () => {
  const now = Date.UTC(2026, 10, 24, 12);

  it('is offered once the browser made an offer that was never dismissed', () => {
    expect(shouldOfferInstall(true, null, now)).toBe(true);
    expect(shouldOfferInstall(false, null, now)).toBe(false);
  });

  it('stays hidden for 7 days after "Not now", and comes back after', () => {
    expect(shouldOfferInstall(true, now - 1, now)).toBe(false);
    expect(shouldOfferInstall(true, now - PWA_INSTALL_DISMISS_MS + 1, now)).toBe(false);
    expect(shouldOfferInstall(true, now - PWA_INSTALL_DISMISS_MS, now)).toBe(true);
    expect(PWA_INSTALL_DISMISS_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });
});
