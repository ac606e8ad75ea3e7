import type { Db } from '../shared/db';
import type { ShareTombstonesTable } from '../shared/db.schema';

export type ShareKind = ShareTombstonesTable['kind'];

export function createShareTombstonesRepository({ db }: { db: Db }) {
  return {
    upsertMany: async (rows: ShareTombstonesTable[]) => {
      if (rows.length === 0) return;
      await db
        .insertInto('share_tombstones')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['kind', 'slug']).doUpdateSet((eb) => ({
            reason: eb.ref('excluded.reason'),
            deleted_at: eb.ref('excluded.deleted_at'),
          })),
        )
        .execute();
    },

    deleteMany: async (kind: ShareKind, slugs: string[]) => {
      if (slugs.length === 0) return;
      await db
        .deleteFrom('share_tombstones')
        .where('kind', '=', kind)
        .where('slug', 'in', slugs)
        .execute();
    },

    find: (kind: ShareKind, slug: string) =>
      db
        .selectFrom('share_tombstones')
        .select('reason')
        .where('kind', '=', kind)
        .where('slug', '=', slug)
        .executeTakeFirst(),

    deleteOlderThan: async (time: number) =>
      Number(
        (await db.deleteFrom('share_tombstones').where('deleted_at', '<', time).executeTakeFirst())
          .numDeletedRows,
      ),
  };
}

export type ShareTombstonesRepository = ReturnType<typeof createShareTombstonesRepository>;
