import { ERROR_CODES } from '@sharebin/shared';
import { z } from 'zod';
import { AppError } from '../../app/errors';
import { type PasswordHasher, verifyPassword } from '../shared/crypto';
import { attemptAll, type RateLimiter, type RateLimitRule } from '../shared/rate-limiter';

/** Share password attempts allowed per client IP and share, and per client IP alone. */
export const PASSWORD_RULE_PER_SHARE: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };
export const PASSWORD_RULE_PER_IP: RateLimitRule = { limit: 50, windowMs: 15 * 60_000 };

/**
 * Where scripts may send a share's password instead of `?password=` (kept out of URLs, and so
 * out of shell histories and proxy logs), on every route that takes `?password=`.
 */
export const SHARE_PASSWORD_HEADER = 'x-share-password';

export const sharePasswordHeaderSchema = z.object({
  [SHARE_PASSWORD_HEADER]: z
    .string()
    .max(1024)
    .optional()
    .describe(
      "The share's password, as `?password=` takes it (UTF-8); when both come, the header is used",
    ),
});

/**
 * The password a request gives: the header, else `?password=`. Header values arrive a byte a
 * character (Latin-1); `curl -H` sends a password's UTF-8 bytes, which are decoded here.
 */
export function givenSharePassword(
  headers: z.output<typeof sharePasswordHeaderSchema>,
  queryPassword: string | undefined,
): string | undefined {
  const header = headers[SHARE_PASSWORD_HEADER];
  if (header === undefined) return queryPassword;
  const bytes = Buffer.from(header, 'latin1');
  const text = bytes.toString('utf8');
  return Buffer.from(text, 'utf8').equals(bytes) ? text : header;
}

export const shareRateLimited = (retryAfterSeconds: number) =>
  new AppError(
    429,
    ERROR_CODES.shareRateLimited,
    `Too many password attempts; try again in ${retryAfterSeconds} s`,
    { retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );

/**
 * Checks share passwords (pastes and files) under the rate limits of ARCHITECTURE.md §4, and
 * hashes new ones. `share` names the share (`paste:<slug>`, `file:<slug>`).
 */
export function createSharePasswordGuard({
  rateLimiter,
  passwords,
}: {
  rateLimiter: RateLimiter;
  passwords: PasswordHasher;
}) {
  const shareKey = (share: string, clientIp: string) => `share-password:${clientIp}:${share}`;
  const ipKey = (clientIp: string) => `share-password:${clientIp}`;

  return {
    /** The stored form of a new share password. */
    hash: (password: string) => passwords.hash(password),

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
