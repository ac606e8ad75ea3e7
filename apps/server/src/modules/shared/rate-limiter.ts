import { sql } from 'kysely';
import type { Clock } from './clock';
import type { Db } from './db';

export interface RateLimitRule {
  /** Attempts allowed inside one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /**
   * Counts one attempt and answers the seconds until the key may try again, or 0 when this
   * attempt may go on. The attempt is counted before anything is checked, in one statement,
   * so that parallel attempts cannot all read a count under the limit.
   */
  attempt(key: string, rule: RateLimitRule): Promise<number>;
  /** Takes back one counted attempt (one that succeeded). */
  forgive(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  deleteExpired(): Promise<number>;
}

/** Counts attempts under several rules at once; answers the longest wait (0: go on). */
export async function attemptAll(
  rateLimiter: RateLimiter,
  rules: [string, RateLimitRule][],
): Promise<number> {
  const waits = await Promise.all(rules.map(([key, rule]) => rateLimiter.attempt(key, rule)));
  return Math.max(0, ...waits);
}

/**
 * Attempt counters in fixed windows, kept in the database so that every instance behind a
 * load balancer shares them (ARCHITECTURE.md §7). One upsert returning the new count per
 * attempt keeps them atomic on both engines.
 */
export function createRateLimiter({ db, clock }: { db: Db; clock: Clock }): RateLimiter {
  return {
    async attempt(key, rule) {
      const now = clock.now();
      const resetAt = now + rule.windowMs;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      if (Number(row.count) <= rule.limit) return 0;
      return Math.max(1, Math.ceil((Number(row.reset_at) - now) / 1000));
    },

    async forgive(key) {
      await db
        .updateTable('rate_limits')
        .set({ count: sql<number>`count - 1` })
        .where('key', '=', key)
        .where('count', '>', 0)
        .execute();
    },

    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },

    async deleteExpired() {
      const result = await db
        .deleteFrom('rate_limits')
        .where('reset_at', '<=', clock.now())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
