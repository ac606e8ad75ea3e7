import { sql } from 'kysely';
import { sha256Hex } from '../shared/crypto';
import type { DatabaseEngine, Db } from '../shared/db';
import type { DavLocksTable } from '../shared/db.schema';
import { preparedQuery } from '../shared/prepared-query';

export type DavLock = Omit<DavLocksTable, 'path_hash'>;

/**
 * Locks in the database (ARCHITECTURE §8), so that every instance honours them. Locks are few
 * and short-lived (expired ones are ignored, then pruned), so callers read the active ones
 * whole and decide in code. Taking a lock is serialised across instances, so that two LOCK
 * requests at once cannot both find the path free.
 */
export function createDavLocksRepository({ db, engine }: { db: Db; engine: DatabaseEngine }) {
  const activeQuery = (executor: Db, now: number) =>
    executor.selectFrom('dav_locks').selectAll().where('expires_at', '>', now);
  const active = (executor: Db, now: number) => activeQuery(executor, now).execute();
  // Every WebDAV write reads the active locks: compiled once (in a transaction, as built).
  const activeNow = preparedQuery(db, (args: { now: number }) => activeQuery(db, args.now));

  return {
    active: (now: number): Promise<DavLock[]> => activeNow({ now }),

    /**
     * Inserts `lock` unless `conflicts` finds, among the locks active at that moment, one it
     * clashes with; answers whether it was taken.
     */
    async take(lock: DavLock, conflicts: (locks: DavLock[]) => boolean): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (engine === 'postgres') {
          await sql`select pg_advisory_xact_lock(hashtext('sharebin.dav_locks'))`.execute(trx);
        }
        if (conflicts(await active(trx, lock.created_at))) return false;
        await trx
          .insertInto('dav_locks')
          .values({ ...lock, path_hash: sha256Hex(lock.path) })
          .execute();
        return true;
      });
    },

    async refresh(token: string, timeoutSeconds: number, expiresAt: number): Promise<void> {
      await db
        .updateTable('dav_locks')
        .set({ timeout_seconds: timeoutSeconds, expires_at: expiresAt })
        .where('token', '=', token)
        .execute();
    },

    async remove(tokens: string[]): Promise<void> {
      if (tokens.length === 0) return;
      await db.deleteFrom('dav_locks').where('token', 'in', tokens).execute();
    },

    /** Expired locks, for the housekeeping; answers how many went. */
    async pruneExpired(now: number): Promise<number> {
      const result = await db
        .deleteFrom('dav_locks')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type DavLocksRepository = ReturnType<typeof createDavLocksRepository>;
