import type { PasteSummary } from '@sharebin/shared';
import { isPast } from '../../app/format';
import { appPageUrl } from '../../app/runtime-config';

/** The share page of a paste, on the address (and base path) the app is served from. */
export function pasteShareUrl(slug: string): string {
  return appPageUrl(`/paste/${encodeURIComponent(slug)}`);
}

type PasteLimits = Pick<PasteSummary, 'expires_at' | 'max_views' | 'views'>;

export const isPasteExpired = (paste: PasteLimits, now = Date.now()) =>
  isPast(paste.expires_at, now);

/** Every allowed view has been used (0 = unlimited never is). */
export const isPasteUsedUp = (paste: PasteLimits) =>
  paste.max_views > 0 && paste.views >= paste.max_views;
