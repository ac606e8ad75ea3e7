import { ERROR_CODES } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import { verifyPassword } from '../shared/crypto';
import { attemptAll, type RateLimiter, type RateLimitRule } from '../shared/rate-limiter';

/** Share password attempts allowed per client IP and share, and per client IP alone. */
export const PASSWORD_RULE_PER_SHARE: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
export const PASSWORD_RULE_PER_IP: RateLimitRule = { limit: 50, windowMs: 15 * 60_000 };

export const shareRateLimited = (retryAfterSeconds: number) =>
  new AppError(
    429,
    ERROR_CODES.shareRateLimited,
    `Too many password attempts; try again in ${retryAfterSeconds} s`,
    { retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );

/**
 * Checks share passwords (pastes and files) under the rate limits of ARCHITECTURE.md §4.
 * `share` names the share (`paste:<slug>`, `file:<slug>`).
 */
export function createSharePasswordGuard({ rateLimiter }: { rateLimiter: RateLimiter }) {
  const shareKey = (share: string, clientIp: string) => `share-password:${clientIp}:${share}`;
  const ipKey = (clientIp: string) => `share-password:${clientIp}`;

  return {
    /**
     * Counts a password attempt before the share is looked up or the password checked, so that
     * parallel guesses share the limit; 429 once over it, before anything about the share is
     * revealed.
     */
    async countAttempt(share: string, clientIp: string) {
      const wait = await attemptAll(rateLimiter, [
        [shareKey(share, clientIp), PASSWORD_RULE_PER_SHARE],
        [ipKey(clientIp), PASSWORD_RULE_PER_IP],
      ]);
      if (wait > 0) throw shareRateLimited(wait);
    },

    /**
     * True when the password matches, or the share has none; either clears the share's count
     * and takes this attempt back (it guessed nothing).
     */
    async check(input: {
      share: string;
      clientIp: string;
      password: string;
      passwordHash: string | null;
    }) {
      if (
        input.passwordHash !== null &&
        !(await verifyPassword(input.password, input.passwordHash))
      ) {
        return false;
      }
      await rateLimiter.reset(shareKey(input.share, input.clientIp));
      await rateLimiter.forgive(ipKey(input.clientIp));
      return true;
    },
  };
}

export type SharePasswordGuard = ReturnType<typeof createSharePasswordGuard>;
