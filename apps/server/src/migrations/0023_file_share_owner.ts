import type { Kysely, Migration } from 'kysely';

/**
 * The process that streams a file share's upload through the server (`POST /api/upload`), null
 * for the flows a client drives (presigned, multipart parts): a share upload whose process is
 * gone (killed mid-upload) is swept at the next start, its multipart upload aborted and its
 * held bytes released, instead of waiting a day for the housekeeping.
 */
export const fileShareOwner: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('file_shares').addColumn('owner_process', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('file_shares').dropColumn('owner_process').execute();
  },
};
