import type { Kysely, Migration } from 'kysely';

export const pastes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pastes')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('slug', 'varchar(50)', (c) => c.notNull().unique())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('remark', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('format', 'varchar(16)', (c) => c.notNull().defaultTo('markdown'))
      .addColumn('language', 'varchar(40)')
      .addColumn('password_hash', 'varchar(255)')
      .addColumn('expires_at', 'bigint')
      .addColumn('max_views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('pastes_created_by_idx')
      .on('pastes')
      .columns(['created_by', 'created_at'])
      .execute();
    await db.schema
      .createIndex('pastes_created_at_idx')
      .on('pastes')
      .column('created_at')
      .execute();
    await db.schema
      .createIndex('pastes_expires_at_idx')
      .on('pastes')
      .column('expires_at')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('pastes').execute();
  },
};
