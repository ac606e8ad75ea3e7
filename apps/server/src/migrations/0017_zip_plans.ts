import type { Kysely, Migration } from 'kysely';

/**
 * Zip archives planned by jobs (issue 10): each entry of the archive is a job item with what
 * its records need (the object's key and date) and where its records start, so that any
 * instance streams the archive, or a range of it, reading the items a page at a time. The
 * archive's totals (size, central directory, ETag) go in the job's `result`.
 */
export const zipPlans: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('jobs').addColumn('result', 'text').execute();
    await db.schema.alterTable('job_items').addColumn('object_key', 'varchar(4096)').execute();
    await db.schema.alterTable('job_items').addColumn('modified_at', 'bigint').execute();
    await db.schema.alterTable('job_items').addColumn('zip_offset', 'bigint').execute();
    await db.schema.alterTable('job_items').addColumn('central_offset', 'bigint').execute();
    // A range finds the entry it starts in, in the local part or in the central directory.
    await db.schema
      .createIndex('job_items_zip_offset_idx')
      .on('job_items')
      .columns(['job_id', 'zip_offset'])
      .execute();
    await db.schema
      .createIndex('job_items_central_offset_idx')
      .on('job_items')
      .columns(['job_id', 'central_offset'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('job_items_central_offset_idx').execute();
    await db.schema.dropIndex('job_items_zip_offset_idx').execute();
    for (const column of ['central_offset', 'zip_offset', 'modified_at', 'object_key']) {
      await db.schema.alterTable('job_items').dropColumn(column).execute();
    }
    await db.schema.alterTable('jobs').dropColumn('result').execute();
  },
};
