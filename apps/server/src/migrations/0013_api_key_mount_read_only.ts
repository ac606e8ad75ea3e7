import type { Kysely, Migration } from 'kysely';

/** SPEC §6: a key's mount access may be read-only (browse and download, never write). */
export const apiKeyMountReadOnly: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('api_keys')
      .addColumn('mount_read_only', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('api_keys').dropColumn('mount_read_only').execute();
  },
};
