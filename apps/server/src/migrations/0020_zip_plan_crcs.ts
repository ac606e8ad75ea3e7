import type { Kysely, Migration } from 'kysely';

/**
 * The CRC-32 of each file of a stored zip plan, kept once a download has read the file: the
 * central directory at the end of the archive, and every later download or resume, take it from
 * the plan instead of reading the file again.
 */
export const zipPlanCrcs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('job_items').addColumn('crc', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('job_items').dropColumn('crc').execute();
  },
};
