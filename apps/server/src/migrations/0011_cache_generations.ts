import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Generations of cache invalidation scopes (modules/cache): a cached entry is served only while
 * none of its scopes moved past the generation it was loaded under. Generations come from one
 * sequence so that they are ordered across instances. SQLite serves one process, whose caches
 * need no shared generations: the table stays empty there.
 */
export const cacheGenerations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cache_generations')
      .addColumn('cache', 'varchar(40)', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('generation', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cache_generations_pk', ['cache', 'scope'])
      .execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`create sequence cache_generation_seq`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`drop sequence cache_generation_seq`.execute(db);
    }
    await db.schema.dropTable('cache_generations').execute();
  },
};
