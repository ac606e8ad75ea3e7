import type { Db } from '../shared/db';
import type { MountsTable } from '../shared/db.schema';

export function createMountsRepository({ db }: { db: Db }) {
  const ordered = () =>
    db.selectFrom('mounts').selectAll().orderBy('sort_order').orderBy('mount_path').orderBy('id');
  return {
    list: () => ordered().execute(),

    listActive: () => ordered().where('is_active', '=', 1).execute(),

    findById: (id: string) =>
      db.selectFrom('mounts').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Every mount's path, for the uniqueness rules. */
    listPaths: () => db.selectFrom('mounts').select(['id', 'mount_path', 'path_key']).execute(),

    insert: async (row: MountsTable) => {
      await db.insertInto('mounts').values(row).execute();
    },

    update: async (id: string, changes: Partial<Omit<MountsTable, 'id' | 'created_at'>>) => {
      await db.updateTable('mounts').set(changes).where('id', '=', id).execute();
    },

    delete: async (id: string) =>
      Number(
        (await db.deleteFrom('mounts').where('id', '=', id).executeTakeFirst()).numDeletedRows,
      ),
  };
}

export type MountsRepository = ReturnType<typeof createMountsRepository>;
