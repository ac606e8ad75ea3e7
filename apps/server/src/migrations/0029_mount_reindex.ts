import type { Kysely, Migration } from 'kysely';

/** How often a mount's search index is rebuilt in the background: null is never. */
export const mountReindex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mounts').addColumn('reindex_minutes', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('mounts').dropColumn('reindex_minutes').execute();
  },
};
