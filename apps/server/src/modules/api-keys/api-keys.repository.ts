import type { Db } from '../shared/db';
import type { ApiKeysTable } from '../shared/db.schema';
import { preparedQuery } from '../shared/prepared-query';

export function createApiKeysRepository({ db }: { db: Db }) {
  // Every request made with an API key runs this lookup.
  const selectByHash = preparedQuery(db, (args: { keyHash: string }) =>
    db.selectFrom('api_keys').selectAll().where('key_hash', '=', args.keyHash),
  );
  return {
    /** A small table: counted directly. */
    count: async () =>
      Number(
        (
          await db
            .selectFrom('api_keys')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Newest first; `id` orders keys made in the same millisecond, so pages never overlap. */
    list: ({ limit, offset }: { limit: number; offset: number }) =>
      db
        .selectFrom('api_keys')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),

    findById: (id: string) =>
      db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst(),

    findByHash: async (keyHash: string) => (await selectByHash({ keyHash }))[0],

    insert: async (row: ApiKeysTable) => {
      await db.insertInto('api_keys').values(row).execute();
    },

    update: async (id: string, changes: Partial<Omit<ApiKeysTable, 'id' | 'key_hash'>>) => {
      await db.updateTable('api_keys').set(changes).where('id', '=', id).execute();
    },

    delete: async (id: string) =>
      Number(
        (await db.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst()).numDeletedRows,
      ),

    touchLastUsed: async (id: string, now: number) => {
      await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', id).execute();
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
