import type { Kysely, Migration } from 'kysely';

/**
 * The durable job queue (ARCHITECTURE §8): jobs any instance may claim under a lease, their
 * planned items (one row per file, so that a job taken over after its instance died goes on
 * from the items not yet finished), and the schedules of periodic work, claimed once per period
 * across all instances.
 */
export const jobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('type', 'varchar(32)', (c) => c.notNull())
      .addColumn('owner_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('planned', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('items_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('items_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_total', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_done', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('current_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('success_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'varchar(500)')
      .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lease_owner', 'varchar(64)')
      .addColumn('lease_expires_at', 'bigint')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('finished_at', 'bigint')
      .execute();
    // Workers look for pending jobs and expired leases; lists go by owner; retention by age.
    await db.schema
      .createIndex('jobs_claim_idx')
      .on('jobs')
      .columns(['status', 'lease_expires_at'])
      .execute();
    await db.schema
      .createIndex('jobs_owner_idx')
      .on('jobs')
      .columns(['owner_type', 'owner_id', 'created_at'])
      .execute();
    await db.schema.createIndex('jobs_finished_idx').on('jobs').column('finished_at').execute();

    await db.schema
      .createTable('job_items')
      .addColumn('job_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('source_path', 'varchar(4096)', (c) => c.notNull())
      .addColumn('target_path', 'varchar(4096)')
      .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'varchar(16)', (c) => c.notNull())
      .addColumn('error', 'varchar(64)')
      .addColumn('message', 'varchar(500)')
      .addPrimaryKeyConstraint('job_items_pk', ['job_id', 'seq'])
      .execute();
    await db.schema
      .createIndex('job_items_status_idx')
      .on('job_items')
      .columns(['job_id', 'status', 'seq'])
      .execute();

    await db.schema
      .createTable('job_schedules')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('next_run_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('job_schedules').execute();
    await db.schema.dropTable('job_items').execute();
    await db.schema.dropTable('jobs').execute();
  },
};
