import type { Kysely, Migration } from 'kysely';

/**
 * The MD5 and SHA-1 of files written through Sharebin, computed as their bytes streamed in and
 * served to WebDAV clients (`oc:checksums`). A row holds for the object whose ETag it names:
 * a file changed by other means no longer matches, and shows no checksum.
 */
export const fileChecksums: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('file_checksums')
      .addColumn('storage_config_id', 'text', (c) => c.notNull())
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('etag', 'text', (c) => c.notNull())
      .addColumn('md5', 'text', (c) => c.notNull())
      .addColumn('sha1', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('file_checksums_pk', ['storage_config_id', 'storage_key'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('file_checksums').execute();
  },
};
