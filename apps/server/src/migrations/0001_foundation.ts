import type { Kysely, Migration } from 'kysely';

export const foundation: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admins')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('admin_sessions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('admin_id', 'varchar(64)', (c) =>
        c.notNull().references('admins.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('admin_sessions_admin_id_idx')
      .on('admin_sessions')
      .column('admin_id')
      .execute();
    await db.schema
      .createIndex('admin_sessions_expires_at_idx')
      .on('admin_sessions')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('key_prefix', 'varchar(16)', (c) => c.notNull())
      .addColumn('custom_key', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('text_permission', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('file_permission', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mount_permission', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('basic_path', 'varchar(4096)', (c) => c.notNull().defaultTo('/'))
      .addColumn('expires_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('api_keys_created_at_idx')
      .on('api_keys')
      .column('created_at')
      .execute();

    await db.schema
      .createTable('system_settings')
      .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('rate_limits_reset_at_idx')
      .on('rate_limits')
      .column('reset_at')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'rate_limits',
      'system_settings',
      'api_keys',
      'admin_sessions',
      'admins',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
