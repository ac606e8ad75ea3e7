import type { Kysely, Migration } from 'kysely';

/**
 * WebDAV state that every instance must share (ARCHITECTURE §8): dead properties set by
 * PROPPATCH, and locks. Both are keyed by virtual path; a path's SHA-256 is the indexed key,
 * since paths may be longer than a PostgreSQL index entry can hold.
 */
export const webdav: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('dav_properties')
      .addColumn('path_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('ns', 'varchar(1024)', (c) => c.notNull())
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      /** The property element's content as XML, with the namespaces it uses declared. */
      .addColumn('value', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('dav_properties_pk', ['path_hash', 'ns', 'name'])
      .execute();

    await db.schema
      .createTable('dav_locks')
      .addColumn('token', 'varchar(80)', (c) => c.primaryKey())
      .addColumn('path_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('depth', 'varchar(8)', (c) => c.notNull())
      .addColumn('scope', 'varchar(16)', (c) => c.notNull())
      .addColumn('owner_xml', 'text', (c) => c.notNull())
      /** Who took the lock (`admin:<id>` or `apikey:<id>`): only they may use its token. */
      .addColumn('principal', 'varchar(80)', (c) => c.notNull())
      .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('dav_locks_path_idx').on('dav_locks').column('path_hash').execute();
    await db.schema
      .createIndex('dav_locks_expiry_idx')
      .on('dav_locks')
      .column('expires_at')
      .execute();
  },
};
