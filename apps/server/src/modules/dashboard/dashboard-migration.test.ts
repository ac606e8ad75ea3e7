import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../migrations';
import { createTestSchema, ENGINES } from '../../test/harness';
import { type DatabaseHandle, openSqlite } from '../shared/db';

/** A database migrated up to the one before the dashboard's, then to the latest. */
async function withDatabase(engine: string, body: (handle: DatabaseHandle) => Promise<void>) {
  if (engine === 'sqlite') {
    const handle = openSqlite(':memory:');
    try {
      await body(handle);
    } finally {
      await handle.db.destroy();
    }
    return;
  }
  const schema = await createTestSchema();
  const handle = schema.open();
  try {
    await body(handle);
  } finally {
    await handle.db.destroy();
    await schema.drop();
  }
}

describe.each(ENGINES)('migration 0019 on %s', (engine) => {
  it('seeds the counters from the rows already there, then keeps them', async () => {
    await withDatabase(engine, async ({ db }) => {
      // Kysely's own tables in the test's schema, as `migrateToLatest` keeps them.
      const migrationTableSchema =
        engine === 'postgres'
          ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
              ?.schema
          : undefined;
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        migrationTableSchema,
      });
      expect((await migrator.migrateTo('0018_webdav')).error).toBeUndefined();
      const now = Date.parse('2026-06-01T12:00:00Z');
      await sql`insert into storage_configs (id, name, storage_type, created_at, updated_at)
        values ('s1', 'one', 'local', ${now}, ${now}), ('s2', 'two', 'local', ${now}, ${now})`.execute(
        db,
      );
      for (const [id, storage, size, status] of [
        ['f1', 's1', 100, 'live'],
        ['f2', 's1', 200, 'live'],
        ['f3', 's1', 50, 'uploading'],
        ['f4', 's2', 400, 'live'],
      ] as const) {
        await sql`insert into file_shares (id, slug, filename, mimetype, size, storage_config_id,
            storage_path, status, created_by, created_at, updated_at)
          values (${id}, ${id}, 'f', 'text/plain', ${size}, ${storage}, ${id}, ${status}, 'admin',
            ${now}, ${now})`.execute(db);
      }
      for (const id of ['p1', 'p2', 'p3']) {
        await sql`insert into pastes (id, slug, content, size, created_by, created_at, updated_at)
          values (${id}, ${id}, 'x', 1, 'admin', ${now}, ${now})`.execute(db);
      }

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const usage = async () =>
        (
          await db
            .selectFrom('storage_usage')
            .select(['storage_config_id', 'files', 'bytes'])
            .orderBy('storage_config_id')
            .execute()
        ).map((row) => [row.storage_config_id, Number(row.files), Number(row.bytes)]);
      const pastes = async () =>
        Number(
          (
            await db
              .selectFrom('stat_counters')
              .select('value')
              .where('name', '=', 'pastes')
              .executeTakeFirstOrThrow()
          ).value,
        );
      expect(await pastes()).toBe(3);
      expect(await usage()).toEqual([
        ['s1', 2, 350],
        ['s2', 1, 400],
      ]);

      // Every kind of change moves them: an upload going live and growing, a move between
      // storages, a view (which must not), deletes of many rows at once.
      await db
        .updateTable('file_shares')
        .set({ status: 'live', size: 60 })
        .where('id', '=', 'f3')
        .execute();
      await db
        .updateTable('file_shares')
        .set({ storage_config_id: 's2' })
        .where('id', '=', 'f1')
        .execute();
      await db.updateTable('file_shares').set({ views: 5 }).execute();
      expect(await usage()).toEqual([
        ['s1', 2, 260],
        ['s2', 2, 500],
      ]);
      await db.deleteFrom('file_shares').where('storage_config_id', '=', 's2').execute();
      await db.deleteFrom('pastes').where('id', 'in', ['p1', 'p2']).execute();
      expect(await usage()).toEqual([
        ['s1', 2, 260],
        ['s2', 0, 0],
      ]);
      expect(await pastes()).toBe(1);
      // A storage that goes takes its totals with it.
      await db.deleteFrom('storage_configs').where('id', '=', 's2').execute();
      expect(await usage()).toEqual([['s1', 2, 260]]);
    });
  });
});
