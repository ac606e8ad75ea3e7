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

    /** Bytes held by file shares (live or being uploaded) and file-system writes under way, per config. */
    usedBytes: async (): Promise<Map<string, number>> => {
      const held = (table: 'file_shares' | 'fs_uploads') =>
        db
          .selectFrom(table)
          .select((eb) => ['storage_config_id', eb.fn.sum<number>('size').as('used')])
          .groupBy('storage_config_id')
          .execute();
      const used = new Map<string, number>();
      for (const row of [...(await held('file_shares')), ...(await held('fs_uploads'))]) {
        used.set(
          row.storage_config_id,
          (used.get(row.storage_config_id) ?? 0) + Number(row.used ?? 0),
        );
      }
      return used;
    },

    /** The mounts placed on a config, which keep it from being deleted. */
    mountsUsing: (id: string) =>
      db
        .selectFrom('mounts')
        .select(['id', 'name', 'mount_path'])
        .where('storage_config_id', '=', id)
        .orderBy('mount_path')
        .execute(),

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
