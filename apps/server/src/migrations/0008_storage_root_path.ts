import type { Kysely, Migration } from 'kysely';

/** A local storage may serve an existing host folder, set by the admin (null: under DATA_DIR). */
export const storageRootPath: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('storage_configs').addColumn('root_path', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('storage_configs').dropColumn('root_path').execute();
  },
};
