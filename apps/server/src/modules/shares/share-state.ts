import { EXPIRY_OPTION_MS, type ExpiryOption } from '@sharebin/shared';
import { sha256Hex } from '../shared/crypto';

export type ShareState = 'live' | 'expired' | 'exhausted';

/** Whether a paste or file share may still be viewed (`max_views` 0 means unlimited). */
export function shareState(
  share: { expires_at: number | null; max_views: number; views: number },
  now: number,
): ShareState {
  if (share.expires_at !== null && share.expires_at <= now) return 'expired';
  if (share.max_views > 0 && share.views >= share.max_views) return 'exhausted';
  return 'live';
}

/** The expiry time of a share created (or changed) at `now`; null for `never`. */
export const expiryFrom = (option: ExpiryOption, now: number): number | null => {
  const length = EXPIRY_OPTION_MS[option];
  return length === null ? null : now + length;
};

export const remainingViews = (share: { max_views: number; views: number }) =>
  share.max_views > 0 ? Math.max(0, share.max_views - share.views) : null;

/**
 * The columns a share edit changes for its password and expiry: a string sets a new password,
 * null removes it, absent keeps it; an expiry option counts from `now`.
 */
export async function shareAccessChanges(
  input: { password?: string | null | undefined; expires_in?: ExpiryOption | undefined },
  now: number,
  hashPassword: (password: string) => Promise<string>,
): Promise<{ password_hash?: string | null; expires_at?: number | null }> {
  return {
    ...(input.password === undefined
      ? {}
      : { password_hash: input.password === null ? null : await hashPassword(input.password) }),
    ...(input.expires_in === undefined ? {} : { expires_at: expiryFrom(input.expires_in, now) }),
  };
}

/**
 * What an access token is bound to besides the share: its password, view limit and expiry.
 * Changing any of them (a new password, fewer views) turns earlier tokens invalid.
 */
export function accessScopeOf(
  kind: 'paste' | 'file' | 'fs' | 'link' | 'upload',
  share: {
    id: string;
    password_hash: string | null;
    max_views: number;
    expires_at: number | null;
  },
): string {
  const state = sha256Hex(
    `${share.password_hash ?? ''}\n${share.max_views}\n${share.expires_at ?? ''}`,
  );
  return `${kind}:${share.id}:${state}`;
}
