import type { Kysely, Migration } from 'kysely';

/** S3 storages may hand out presigned GET URLs instead of streaming files through the server. */
export const directDownloads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('storage_configs')
      .addColumn('direct_downloads', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('storage_configs').dropColumn('direct_downloads').execute();
  },
};
