import type { Kysely, Migration } from 'kysely';

/**
 * Mount points (SPEC §3): a storage placed at a path of the virtual tree. `path_key` is the
 * mount path in lower case; its unique index makes two mounts that differ only in letter case
 * impossible even when two admins save at once (see mounts.models.ts for why).
 */
export const mounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mounts')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('storage_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('storage_config_id', 'varchar(64)', (c) =>
        c.notNull().references('storage_configs.id'),
      )
      .addColumn('mount_path', 'varchar(255)', (c) => c.notNull())
      .addColumn('path_key', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cache_ttl', 'integer', (c) => c.notNull().defaultTo(300))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('last_refreshed_at', 'bigint')
      .execute();
    // Listings go by sort order, then path; keys and the resolver read the active ones only.
    await db.schema
      .createIndex('mounts_sort_idx')
      .on('mounts')
      .columns(['sort_order', 'mount_path'])
      .execute();
    await db.schema
      .createIndex('mounts_active_sort_idx')
      .on('mounts')
      .columns(['is_active', 'sort_order', 'mount_path'])
      .execute();
    // Deleting a storage config asks which mounts use it.
    await db.schema
      .createIndex('mounts_storage_config_idx')
      .on('mounts')
      .column('storage_config_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mounts').execute();
  },
};
