import type { Kysely, Migration } from 'kysely';

/**
 * One row that every instance on this database must agree with: a check value of the
 * `SECRET_KEY` the database was set up with (an HMAC of a constant, not the key).
 */
export const instanceIdentity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('instance_identity')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('secret_key_check', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('instance_identity').execute();
  },
};
