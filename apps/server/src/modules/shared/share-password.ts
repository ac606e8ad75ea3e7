import { rateLimited } from '../auth/auth.errors';
import { verifyPassword } from './crypto';
import type { RateLimiter, RateLimitRule } from './rate-limiter';

/** Wrong share passwords allowed per client IP and share, and per client IP alone. */
export const PASSWORD_RULE_PER_SHARE: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
export const PASSWORD_RULE_PER_IP: RateLimitRule = { limit: 50, windowMs: 15 * 60_000 };

/**
 * Checks share passwords (pastes and files) under the rate limits of ARCHITECTURE.md §4.
 * `share` names the share (`paste:<slug>`, `file:<slug>`).
 */
export function createSharePasswordGuard({ rateLimiter }: { rateLimiter: RateLimiter }) {
  const rules = (share: string, clientIp: string): [string, RateLimitRule][] => [
    [`share-password:${clientIp}:${share}`, PASSWORD_RULE_PER_SHARE],
    [`share-password:${clientIp}`, PASSWORD_RULE_PER_IP],
  ];

  return {
    /** 429 while the client is locked out, before anything about the share is revealed. */
    async assertNotLocked(share: string, clientIp: string) {
      const waits = await Promise.all(
        rules(share, clientIp).map(([key, rule]) => rateLimiter.retryAfterSeconds(key, rule)),
      );
      const wait = Math.max(...waits);
      if (wait > 0) throw rateLimited(wait);
    },

    /** True when the password matches; a failure counts towards the lock-out. */
    async check(input: {
      share: string;
      clientIp: string;
      password: string;
      passwordHash: string;
    }) {
      if (await verifyPassword(input.password, input.passwordHash)) return true;
      for (const [key, rule] of rules(input.share, input.clientIp)) {
        await rateLimiter.recordFailure(key, rule);
      }
      return false;
    },
  };
}

export type SharePasswordGuard = ReturnType<typeof createSharePasswordGuard>;
