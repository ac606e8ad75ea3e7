import type { Kysely, Migration } from 'kysely';

/**
 * Objects a storage refused to delete (it was down, or timed out): kept until a retry succeeds,
 * so that deleting a share never leaves its object in the bucket for good.
 */
export const pendingDeletions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pending_deletions')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('storage_config_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('storage_path', 'varchar(1024)', (c) => c.notNull())
      /** A multipart upload to abort before the object is deleted. */
      .addColumn('upload_id', 'varchar(1024)')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('last_error', 'varchar(500)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('pending_deletions_next_attempt_idx')
      .on('pending_deletions')
      .column('next_attempt_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('pending_deletions').execute();
  },
};
