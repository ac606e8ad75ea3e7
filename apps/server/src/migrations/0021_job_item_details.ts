import type { Kysely, Migration } from 'kysely';

/**
 * The values of a failed item's error code (its path, sizes, …) as JSON: the web app words the
 * failure in the reader's language from the code and these, instead of showing the server's
 * English message.
 */
export const jobItemDetails: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('job_items').addColumn('details', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('job_items').dropColumn('details').execute();
  },
};
