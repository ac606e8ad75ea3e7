import type { Kysely, Migration } from 'kysely';

/**
 * Shares of mounted files and folders by link: the share options of a file share (slug,
 * password, expiry, exact views) over a virtual path, which follows renames and moves made
 * through Sharebin.
 */
export const fsShares: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('fs_shares')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('password_hash', 'text')
      .addColumn('expires_at', 'bigint')
      .addColumn('max_views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fs_shares_path').on('fs_shares').column('path').execute();
    await db.schema
      .createIndex('fs_shares_created_by')
      .on('fs_shares')
      .columns(['created_by', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('fs_shares').execute();
  },
};
