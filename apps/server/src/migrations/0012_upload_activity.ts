import { type Kysely, type Migration, sql } from 'kysely';

/**
 * When bytes last arrived for an upload in progress: the stale-upload clean-up measures an
 * upload's idleness from it, so a slow multipart upload whose parts still arrive is not swept
 * a day after it began. Existing rows start from their creation.
 */
export const uploadActivity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('file_shares')
      .addColumn('last_activity_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update file_shares set last_activity_at = created_at`.execute(db);
    await db.schema
      .createIndex('file_shares_activity_idx')
      .on('file_shares')
      .columns(['status', 'last_activity_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('file_shares_activity_idx').execute();
    await db.schema.alterTable('file_shares').dropColumn('last_activity_at').execute();
  },
};
