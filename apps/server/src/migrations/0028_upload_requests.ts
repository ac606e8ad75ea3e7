import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Upload requests (reverse shares): a link through which anyone with it uploads into a folder,
 * within the request's limits, and the files that arrived through each.
 */
export const uploadRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upload_requests')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('password_hash', 'text')
      .addColumn('expires_at', 'bigint')
      .addColumn('max_files', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_file_size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('max_total_size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('allowed_types', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('files_received', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_received', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_received_at', 'bigint')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('upload_requests_path')
      .on('upload_requests')
      .column('path')
      .execute();
    await db.schema
      .createIndex('upload_requests_created_by')
      .on('upload_requests')
      .columns(['created_by', 'created_at'])
      .execute();

    await db.schema
      .createTable('upload_request_files')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('request_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
      /** What the file holds against the request's total until it is stored. */
      .addColumn('claimed_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('mimetype', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(12)', (c) => c.notNull())
      /** The process receiving it, so that a crash's holds are given back (ProcessIdentity). */
      .addColumn('owner_process', 'text')
      /** A client-driven (multipart) upload's storage upload id and signed key, while receiving. */
      .addColumn('upload_id', 'text')
      .addColumn('upload_key', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('upload_request_files_request')
      .on('upload_request_files')
      .columns(['request_id', 'created_at'])
      .execute();
    // Two files arriving under one name at once (any instance) cannot claim the same path.
    await db.schema
      .createIndex('upload_request_files_receiving_path')
      .on('upload_request_files')
      .column('path')
      .unique()
      .where(sql.ref('status'), '=', 'receiving')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('upload_request_files').execute();
    await db.schema.dropTable('upload_requests').execute();
  },
};
