import type { Kysely, Migration } from 'kysely';

/**
 * Why a job failed as a whole, as the API's error code and details beside the English text: the
 * web app words it in the reader's language, as it does a failed call.
 */
export const jobErrorCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('jobs').addColumn('error_code', 'text').execute();
    await db.schema.alterTable('jobs').addColumn('error_details', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('jobs').dropColumn('error_details').execute();
    await db.schema.alterTable('jobs').dropColumn('error_code').execute();
  },
};
