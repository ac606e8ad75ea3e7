import { type Kysely, type Migration, SqliteAdapter, sql } from 'kysely';

/**
 * What the dashboard reads instead of scanning big tables (ARCHITECTURE §5):
 *
 * - `stat_counters`: exact totals (`pastes`), and `storage_usage`: live file shares and held
 *   bytes per storage. Database triggers keep both, so that every path that inserts or deletes
 *   (the API, batch deletes, the expiry clean-up, a hand-run SQL statement) moves them and
 *   nothing can drift. Seeded from the rows that exist.
 * - `activity_buckets`: activity summed per quarter hour (UTC), so that a day in any time zone
 *   (+5:30 and +5:45 included) is a whole number of buckets. Instances add to them.
 * - an index for the job queue's oldest waiting job.
 *
 * PostgreSQL counts inserts and deletes once per statement (transition tables), so a bulk
 * statement moves a counter once; SQLite has row triggers only.
 */
export const dashboardStats: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('stat_counters')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('storage_usage')
      .addColumn('storage_config_id', 'varchar(64)', (c) =>
        c.primaryKey().references('storage_configs.id').onDelete('cascade'),
      )
      /** Live file shares (an upload under way is not a share yet). */
      .addColumn('files', 'bigint', (c) => c.notNull().defaultTo(0))
      /** Bytes held by file shares, live or being uploaded (what the capacity checks count). */
      .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    await db.schema
      .createTable('activity_buckets')
      .addColumn('bucket_start', 'bigint', (c) => c.notNull())
      .addColumn('metric', 'varchar(64)', (c) => c.notNull())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_buckets_pk', ['bucket_start', 'metric'])
      // SQLite keeps the rows in key order: a range of days is read in one pass, no lookups.
      .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
      .execute();
    await db.schema
      .createIndex('jobs_waiting_idx')
      .on('jobs')
      .columns(['status', 'created_at'])
      .execute();

    await sql`insert into stat_counters (name, value) select 'pastes', count(*) from pastes`.execute(
      db,
    );
    await sql`
      insert into storage_usage (storage_config_id, files, bytes)
      select storage_config_id,
             sum(case when status = 'live' then 1 else 0 end),
             coalesce(sum(size), 0)
      from file_shares group by storage_config_id`.execute(db);

    if (sqlite) await createSqliteTriggers(db);
    else await createPostgresTriggers(db);
  },

  async down(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      for (const name of SQLITE_TRIGGERS)
        await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    } else {
      for (const [name, table] of POSTGRES_TRIGGERS) {
        await sql`drop trigger if exists ${sql.raw(name)} on ${sql.raw(table)}`.execute(db);
      }
      for (const name of POSTGRES_FUNCTIONS) {
        await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
      }
    }
    await db.schema.dropIndex('jobs_waiting_idx').execute();
    await db.schema.dropTable('activity_buckets').execute();
    await db.schema.dropTable('storage_usage').execute();
    await db.schema.dropTable('stat_counters').execute();
  },
};

const SQLITE_TRIGGERS = [
  'pastes_counted_insert',
  'pastes_counted_delete',
  'file_shares_usage_insert',
  'file_shares_usage_delete',
  'file_shares_usage_update',
];

async function createSqliteTriggers(db: Kysely<unknown>) {
  await sql`
    create trigger pastes_counted_insert after insert on pastes begin
      update stat_counters set value = value + 1 where name = 'pastes';
    end`.execute(db);
  await sql`
    create trigger pastes_counted_delete after delete on pastes begin
      update stat_counters set value = value - 1 where name = 'pastes';
    end`.execute(db);
  await sql`
    create trigger file_shares_usage_insert after insert on file_shares begin
      insert into storage_usage (storage_config_id, files, bytes)
        values (new.storage_config_id, new.status = 'live', new.size)
        on conflict (storage_config_id) do update
          set files = files + excluded.files, bytes = bytes + excluded.bytes;
    end`.execute(db);
  await sql`
    create trigger file_shares_usage_delete after delete on file_shares begin
      update storage_usage
        set files = files - (old.status = 'live'), bytes = bytes - old.size
        where storage_config_id = old.storage_config_id;
    end`.execute(db);
  // View counts and other columns do not touch the usage: only these three columns do.
  await sql`
    create trigger file_shares_usage_update after update of size, storage_config_id, status
      on file_shares
      when old.size <> new.size or old.storage_config_id <> new.storage_config_id
        or old.status <> new.status
    begin
      update storage_usage
        set files = files - (old.status = 'live'), bytes = bytes - old.size
        where storage_config_id = old.storage_config_id;
      insert into storage_usage (storage_config_id, files, bytes)
        values (new.storage_config_id, new.status = 'live', new.size)
        on conflict (storage_config_id) do update
          set files = files + excluded.files, bytes = bytes + excluded.bytes;
    end`.execute(db);
}

const POSTGRES_TRIGGERS = [
  ['pastes_counted_insert', 'pastes'],
  ['pastes_counted_delete', 'pastes'],
  ['file_shares_usage_insert', 'file_shares'],
  ['file_shares_usage_delete', 'file_shares'],
  ['file_shares_usage_update', 'file_shares'],
] as const;

const POSTGRES_FUNCTIONS = [
  'sharebin_pastes_inserted',
  'sharebin_pastes_deleted',
  'sharebin_file_shares_inserted',
  'sharebin_file_shares_deleted',
  'sharebin_file_shares_updated',
];

async function createPostgresTriggers(db: Kysely<unknown>) {
  await sql`
    create function sharebin_pastes_inserted() returns trigger language plpgsql as $$
    begin
      update stat_counters set value = value + (select count(*) from inserted_rows)
        where name = 'pastes';
      return null;
    end $$`.execute(db);
  await sql`
    create function sharebin_pastes_deleted() returns trigger language plpgsql as $$
    begin
      update stat_counters set value = value - (select count(*) from deleted_rows)
        where name = 'pastes';
      return null;
    end $$`.execute(db);
  await sql`
    create trigger pastes_counted_insert after insert on pastes
      referencing new table as inserted_rows
      for each statement execute function sharebin_pastes_inserted()`.execute(db);
  await sql`
    create trigger pastes_counted_delete after delete on pastes
      referencing old table as deleted_rows
      for each statement execute function sharebin_pastes_deleted()`.execute(db);

  await sql`
    create function sharebin_file_shares_inserted() returns trigger language plpgsql as $$
    begin
      insert into storage_usage (storage_config_id, files, bytes)
        select storage_config_id, count(*) filter (where status = 'live'), coalesce(sum(size), 0)
        from inserted_rows group by storage_config_id
        on conflict (storage_config_id) do update
          set files = storage_usage.files + excluded.files,
              bytes = storage_usage.bytes + excluded.bytes;
      return null;
    end $$`.execute(db);
  await sql`
    create function sharebin_file_shares_deleted() returns trigger language plpgsql as $$
    begin
      update storage_usage u
        set files = u.files - d.files, bytes = u.bytes - d.bytes
        from (
          select storage_config_id, count(*) filter (where status = 'live') as files,
                 coalesce(sum(size), 0) as bytes
          from deleted_rows group by storage_config_id
        ) d
        where u.storage_config_id = d.storage_config_id;
      return null;
    end $$`.execute(db);
  await sql`
    create function sharebin_file_shares_updated() returns trigger language plpgsql as $$
    begin
      update storage_usage
        set files = files - (case when old.status = 'live' then 1 else 0 end),
            bytes = bytes - old.size
        where storage_config_id = old.storage_config_id;
      insert into storage_usage (storage_config_id, files, bytes)
        values (new.storage_config_id, case when new.status = 'live' then 1 else 0 end, new.size)
        on conflict (storage_config_id) do update
          set files = storage_usage.files + excluded.files,
              bytes = storage_usage.bytes + excluded.bytes;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger file_shares_usage_insert after insert on file_shares
      referencing new table as inserted_rows
      for each statement execute function sharebin_file_shares_inserted()`.execute(db);
  await sql`
    create trigger file_shares_usage_delete after delete on file_shares
      referencing old table as deleted_rows
      for each statement execute function sharebin_file_shares_deleted()`.execute(db);
  // Transition tables do not go with a column list; a row trigger with a condition skips the
  // view counts and every other update that leaves the usage as it was.
  await sql`
    create trigger file_shares_usage_update after update of size, storage_config_id, status
      on file_shares for each row
      when (old.size is distinct from new.size
        or old.storage_config_id is distinct from new.storage_config_id
        or old.status is distinct from new.status)
      execute function sharebin_file_shares_updated()`.execute(db);
}
