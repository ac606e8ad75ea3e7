import type { Db } from '../../shared/db';
import type { PendingDeletionsTable } from '../../shared/db.schema';

export function createPendingDeletionsRepository({ db }: { db: Db }) {
  return {
    insert: async (rows: PendingDeletionsTable[]) => {
      if (rows.length > 0) await db.insertInto('pending_deletions').values(rows).execute();
    },

    /** The oldest entries whose next attempt is due. */
    due: (now: number, limit: number) =>
      db
        .selectFrom('pending_deletions')
        .selectAll()
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute(),

    reschedule: async (
      id: string,
      changes: Pick<PendingDeletionsTable, 'attempts' | 'next_attempt_at' | 'last_error'>,
    ) => {
      await db.updateTable('pending_deletions').set(changes).where('id', '=', id).execute();
    },

    delete: async (id: string) => {
      await db.deleteFrom('pending_deletions').where('id', '=', id).execute();
    },
  };
}

export type PendingDeletionsRepository = ReturnType<typeof createPendingDeletionsRepository>;
