import type { Db } from '../../shared/db';
import type { StorageConfigsTable } from '../../shared/db.schema';

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

    /**
     * Per config: live file shares, and bytes held by file shares (live or being uploaded) and
     * file-system writes under way. The share totals are kept by triggers (`storage_usage`), so
     * this reads one row per storage however many files there are; writes under way are few.
     */
    usage: async (): Promise<Map<string, { files: number; bytes: number }>> => {
      const [shares, writes] = await Promise.all([
        db.selectFrom('storage_usage').select(['storage_config_id', 'files', 'bytes']).execute(),
        db
          .selectFrom('fs_uploads')
          .select((eb) => ['storage_config_id', eb.fn.sum<number>('size').as('bytes')])
          .groupBy('storage_config_id')
          .execute(),
      ]);
      const usage = new Map<string, { files: number; bytes: number }>();
      for (const row of shares) {
        usage.set(row.storage_config_id, { files: Number(row.files), bytes: Number(row.bytes) });
      }
      for (const row of writes) {
        const held = usage.get(row.storage_config_id) ?? { files: 0, bytes: 0 };
        usage.set(row.storage_config_id, { ...held, bytes: held.bytes + Number(row.bytes ?? 0) });
      }
      return usage;
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
