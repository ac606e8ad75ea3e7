import type { Kysely, Migration } from 'kysely';

/** Short links `/l/{slug}` to http(s) addresses, with the share options of a paste. */
export const shortLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('short_links')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('password_hash', 'text')
      .addColumn('expires_at', 'bigint')
      .addColumn('max_views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('short_links_created_by')
      .on('short_links')
      .columns(['created_by', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('short_links').execute();
  },
};
