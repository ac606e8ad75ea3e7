import type { Db } from '../shared/db';
import type { StorageConfigsTable } from '../shared/db.schema';

export function createStorageRepository({ db }: { db: Db }) {
  return {
    list: () =>
      db.selectFrom('storage_configs').selectAll().orderBy('created_at').orderBy('id').execute(),

    findById: (id: string) =>
      db.selectFrom('storage_configs').selectAll().where('id', '=', id).executeTakeFirst(),

    findDefault: () =>
      db.selectFrom('storage_configs').selectAll().where('is_default', '=', 1).executeTakeFirst(),

    count: async () =>
      Number(
        (
          await db
            .selectFrom('storage_configs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    insert: async (row: StorageConfigsTable) => {
      await db.insertInto('storage_configs').values(row).execute();
    },

    update: async (
      id: string,
      changes: Partial<Omit<StorageConfigsTable, 'id' | 'created_at'>>,
    ) => {
      await db.updateTable('storage_configs').set(changes).where('id', '=', id).execute();
    },

    delete: async (id: string) => {
      await db.deleteFrom('storage_configs').where('id', '=', id).execute();
    },

    /** Makes one config the default, atomically. */
    setDefault: async (id: string, now: number) => {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('storage_configs')
          .set({ is_default: 0 })
          .where('is_default', '=', 1)
          .execute();
        await trx
          .updateTable('storage_configs')
          .set({ is_default: 1, updated_at: now })
          .where('id', '=', id)
          .execute();
      });
    },

    /** Bytes held by file shares (live or being uploaded), per config. */
    usedBytes: async (): Promise<Map<string, number>> => {
      const rows = await db
        .selectFrom('file_shares')
        .select((eb) => ['storage_config_id', eb.fn.sum<number>('size').as('used')])
        .groupBy('storage_config_id')
        .execute();
      return new Map(rows.map((row) => [row.storage_config_id, Number(row.used ?? 0)]));
    },

    countShares: async (id: string) =>
      Number(
        (
          await db
            .selectFrom('file_shares')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('storage_config_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}

export type StorageRepository = ReturnType<typeof createStorageRepository>;
