import type { Kysely, Migration } from 'kysely';

/**
 * A multipart upload a client may resume: the file's fingerprint (its name, size, last-modified
 * and a hash of its first and last MiB, computed by the client) and who started it, so that the
 * same file chosen again by the same caller continues from the parts already stored.
 */
export const resumableUploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('fs_uploads').addColumn('fingerprint', 'text').execute();
    await db.schema.alterTable('fs_uploads').addColumn('owner', 'text').execute();
    await db.schema
      .createIndex('fs_uploads_by_key')
      .on('fs_uploads')
      .columns(['storage_config_id', 'storage_key'])
      .execute();
    // The same for a file share's multipart upload from the upload page.
    await db.schema.alterTable('file_shares').addColumn('upload_fingerprint', 'text').execute();
    // And for a file sent in parts to an upload request.
    await db.schema
      .alterTable('upload_request_files')
      .addColumn('upload_fingerprint', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('upload_request_files').dropColumn('upload_fingerprint').execute();
    await db.schema.alterTable('file_shares').dropColumn('upload_fingerprint').execute();
    await db.schema.dropIndex('fs_uploads_by_key').execute();
    await db.schema.alterTable('fs_uploads').dropColumn('owner').execute();
    await db.schema.alterTable('fs_uploads').dropColumn('fingerprint').execute();
  },
};
