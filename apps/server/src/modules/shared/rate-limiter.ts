import { sql } from 'kysely';
import type { Clock } from './clock';
import type { Db } from './db';

export interface RateLimitRule {
  /** Failures allowed inside one window. */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string, rule: RateLimitRule): Promise<number>;
  recordFailure(key: string, rule: RateLimitRule): Promise<void>;
  reset(key: string): Promise<void>;
  deleteExpired(): Promise<number>;
}

/**
 * Failure counters in fixed windows, kept in the database so that every instance behind a
 * load balancer shares them (ARCHITECTURE.md §7). One upsert per failure keeps it atomic.
 */
export function createRateLimiter({ db, clock }: { db: Db; clock: Clock }): RateLimiter {
  return {
    async retryAfterSeconds(key, rule) {
      const now = clock.now();
      const row = await db
        .selectFrom('rate_limits')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .where('reset_at', '>', now)
        .executeTakeFirst();
      if (!row || row.count < rule.limit) return 0;
      return Math.max(1, Math.ceil((row.reset_at - now) / 1000));
    },

    async recordFailure(key, rule) {
      const now = clock.now();
      const resetAt = now + rule.windowMs;
      await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<number>`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
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
