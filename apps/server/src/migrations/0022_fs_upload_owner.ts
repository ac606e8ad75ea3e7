import type { Kysely, Migration } from 'kysely';

/**
 * The process that streams a file-system write (`modules/shared/process-identity.ts`), null for
 * a multipart upload that its client drives: a row whose process is gone (killed mid-upload) is
 * swept at the next start instead of holding its bytes, and its multipart upload, for a day.
 */
export const fsUploadOwner: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('fs_uploads').addColumn('owner_process', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('fs_uploads').dropColumn('owner_process').execute();
  },
};
