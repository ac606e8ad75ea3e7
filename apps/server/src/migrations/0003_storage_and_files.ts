import type { Kysely, Migration } from 'kysely';

export const storageAndFiles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('storage_configs')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('storage_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('provider', 'varchar(32)')
      .addColumn('endpoint', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
      .addColumn('region', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('bucket', 'varchar(63)', (c) => c.notNull().defaultTo(''))
      .addColumn('access_key_id', 'varchar(256)', (c) => c.notNull().defaultTo(''))
      .addColumn('secret_access_key_sealed', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('path_style', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('default_folder', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
      .addColumn('custom_host', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
      .addColumn('url_expiry_seconds', 'integer', (c) => c.notNull().defaultTo(3600))
      .addColumn('total_capacity_bytes', 'bigint')
      .addColumn('allow_api_keys', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('file_shares')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('filename', 'varchar(1024)', (c) => c.notNull())
      .addColumn('mimetype', 'varchar(255)', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('storage_config_id', 'varchar(64)', (c) =>
        c.notNull().references('storage_configs.id'),
      )
      .addColumn('path', 'varchar(1024)', (c) => c.notNull().defaultTo('/'))
      .addColumn('storage_path', 'varchar(2048)', (c) => c.notNull())
      .addColumn('etag', 'varchar(255)')
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('password_hash', 'varchar(255)')
      .addColumn('expires_at', 'bigint')
      .addColumn('max_views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      /** `uploading` until the object is checked; only `live` shares are served. */
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('upload_id', 'varchar(1024)')
      .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('file_shares_created_by_idx')
      .on('file_shares')
      .columns(['created_by', 'created_at'])
      .execute();
    await db.schema
      .createIndex('file_shares_created_at_idx')
      .on('file_shares')
      .column('created_at')
      .execute();
    await db.schema
      .createIndex('file_shares_expires_at_idx')
      .on('file_shares')
      .column('expires_at')
      .execute();
    await db.schema
      .createIndex('file_shares_storage_idx')
      .on('file_shares')
      .columns(['storage_config_id', 'status'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('file_shares').execute();
    await db.schema.dropTable('storage_configs').execute();
  },
};
