import type { Db } from '../shared/db';
import { preparedQuery } from '../shared/prepared-query';

export function createSettingsRepository({ db }: { db: Db }) {
  // Every upload reads the settings (its size limit): compiled once.
  const selectAll = preparedQuery(db, (_args: Record<string, never>) =>
    db.selectFrom('system_settings').select(['key', 'value']),
  );
  return {
    async readAll(): Promise<Record<string, unknown>> {
      const rows = await selectAll({});
      return Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value)]));
    },

    async writeMany(values: Record<string, unknown>, now: number) {
      await db.transaction().execute(async (trx) => {
        for (const [key, value] of Object.entries(values)) {
          const row = { key, value: JSON.stringify(value), updated_at: now };
          await trx
            .insertInto('system_settings')
            .values(row)
            .onConflict((conflict) =>
              conflict.column('key').doUpdateSet({ value: row.value, updated_at: now }),
            )
            .execute();
        }
      });
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
