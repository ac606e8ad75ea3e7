import { createHmac } from 'node:crypto';
import type { Clock } from './clock';
import { safeEqual } from './crypto';

/**
 * Short-lived signed tokens that stand in for a share password once it has been checked, so
 * that links never carry the password: `<expiry base36>.<HMAC-SHA256 base64url>`.
 */
export function createAccessTokens({ secretKey, clock }: { secretKey: string; clock: Clock }) {
  const sign = (scope: string, expiresAt: number) =>
    createHmac('sha256', secretKey).update(`${scope}\n${expiresAt}`).digest('base64url');

  return {
    issue(scope: string, ttlMs: number): string {
      const expiresAt = clock.now() + ttlMs;
      return `${expiresAt.toString(36)}.${sign(scope, expiresAt)}`;
    },
    verify(scope: string, token: string): boolean {
      const [expiry, signature] = token.split('.');
      if (!expiry || !signature) return false;
      const expiresAt = Number.parseInt(expiry, 36);
      if (!Number.isSafeInteger(expiresAt) || expiresAt <= clock.now()) return false;
      return safeEqual(signature, sign(scope, expiresAt));
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
