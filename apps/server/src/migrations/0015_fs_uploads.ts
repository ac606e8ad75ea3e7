import type { Kysely, Migration } from 'kysely';

/**
 * Writes through the file system that are still under way: the bytes each holds of its storage's
 * capacity (parallel writes cannot store more than the storage has room for), and for a
 * multipart upload the storage's upload id, so that one never completed nor aborted is aborted
 * by the housekeeping once idle (its parts would otherwise stay in the storage forever).
 */
export const fsUploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('fs_uploads')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('storage_config_id', 'varchar(64)', (c) =>
        c.notNull().references('storage_configs.id').onDelete('cascade'),
      )
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('upload_id', 'text')
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_activity_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('fs_uploads_config_idx')
      .on('fs_uploads')
      .column('storage_config_id')
      .execute();
    await db.schema
      .createIndex('fs_uploads_activity_idx')
      .on('fs_uploads')
      .column('last_activity_at')
      .execute();
    await db.schema
      .createIndex('fs_uploads_upload_idx')
      .on('fs_uploads')
      .column('upload_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('fs_uploads').execute();
  },
};
