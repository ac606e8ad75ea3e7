import type { Kysely, Migration } from 'kysely';

/**
 * Why a deleted share can no longer be viewed (expired, views used up), so that its visitors
 * keep reading that explanation after the clean-up has removed it, instead of "not found".
 */
export const shareTombstones: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('share_tombstones')
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('slug', 'varchar(50)', (c) => c.notNull())
      .addColumn('reason', 'varchar(16)', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('share_tombstones_pk', ['kind', 'slug'])
      .execute();
    await db.schema
      .createIndex('share_tombstones_deleted_at_idx')
      .on('share_tombstones')
      .column('deleted_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('share_tombstones').execute();
  },
};
