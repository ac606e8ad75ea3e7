import type { Kysely, Migration } from 'kysely';

/**
 * One row: the Sharebin version that last migrated this database, so that an older version
 * started on it can name the version to run instead of failing on migrations it does not know.
 */
export const schemaVersion: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('schema_version')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sharebin_version', 'text', (c) => c.notNull())
      .addColumn('migration_count', 'integer', (c) => c.notNull())
      .addColumn('migrated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('schema_version').execute();
  },
};
