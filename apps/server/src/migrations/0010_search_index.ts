import { type Kysely, type Migration, SqliteAdapter, sql } from 'kysely';

/**
 * The search index of mounted storage (SPEC §7 `fs/search`): one row per file or folder name a
 * mount is known to hold, in generations so that a rebuild fills a new one while the old one
 * keeps answering. `name_folded` is the name lower-cased by the server, so that both engines
 * compare alike; SQLite finds substrings through an FTS5 trigram table kept in step by
 * triggers, PostgreSQL through a `pg_trgm` GIN index.
 */
export const searchIndex: Migration = {
  async up(db: Kysely<unknown>) {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    if (sqlite) await createSqliteEntries(db);
    else await createPostgresEntries(db);
    await db.schema
      .createIndex('search_entries_parent_idx')
      .on('search_entries')
      .columns(['mount_id', 'generation', 'parent_path'])
      .execute();
    await db.schema
      .createTable('search_mount_state')
      .addColumn('mount_id', 'varchar(36)', (c) => c.primaryKey())
      /** The generation that queries read. */
      .addColumn('live_generation', 'integer', (c) => c.notNull())
      /** The generation a rebuild is filling, when one runs. */
      .addColumn('building_generation', 'integer')
      .addColumn('rebuild_started_at', 'bigint')
      /** Entries the running (or last) rebuild has written so far. */
      .addColumn('rebuild_entries', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rebuilt_at', 'bigint')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('search_mount_state').execute();
    await sql`drop table if exists search_entries_fts`.execute(db);
    await db.schema.dropTable('search_entries').execute();
  },
};

const ENTRY_COLUMNS = sql`
  mount_id varchar(36) not null,
  generation integer not null,
  path text not null,
  parent_path text not null,
  name text not null,
  name_folded text not null,
  is_directory integer not null,
  size bigint,
  modified_at bigint,
  indexed_at bigint not null,
  unique (mount_id, generation, path)`;

async function createSqliteEntries(db: Kysely<unknown>) {
  // An INTEGER PRIMARY KEY: the FTS table refers to rows by rowid, which VACUUM may renumber
  // on a table without one.
  await sql`create table search_entries (id integer primary key autoincrement, ${ENTRY_COLUMNS})`.execute(
    db,
  );
  await createExternalContentFts(db);
}

/** The FTS5 trigram table over `search_entries.name_folded`, kept in step by triggers. */
export async function createExternalContentFts(db: Kysely<unknown>) {
  await sql`create virtual table search_entries_fts using fts5(
    name_folded, content='search_entries', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`create trigger search_entries_fts_insert after insert on search_entries begin
    insert into search_entries_fts(rowid, name_folded) values (new.id, new.name_folded);
  end`.execute(db);
  await sql`create trigger search_entries_fts_delete after delete on search_entries begin
    insert into search_entries_fts(search_entries_fts, rowid, name_folded)
      values ('delete', old.id, old.name_folded);
  end`.execute(db);
  await sql`create trigger search_entries_fts_update after update of name_folded on search_entries begin
    insert into search_entries_fts(search_entries_fts, rowid, name_folded)
      values ('delete', old.id, old.name_folded);
    insert into search_entries_fts(rowid, name_folded) values (new.id, new.name_folded);
  end`.execute(db);
}

/** insufficient_privilege, feature_not_supported, undefined_file (extension not installed). */
const EXTENSION_UNAVAILABLE_STATES = new Set(['42501', '0A000', '58P01']);

async function createPostgresEntries(db: Kysely<unknown>) {
  const trgmSchema = await ensurePgTrgm(db);
  await sql`create table search_entries (id bigint generated always as identity primary key, ${ENTRY_COLUMNS})`.execute(
    db,
  );
  await sql`create index search_entries_name_trgm_idx on search_entries
    using gin (name_folded ${sql.id(trgmSchema)}.gin_trgm_ops)`.execute(db);
}

/**
 * Installs `pg_trgm` unless the database has it, and answers the schema that holds it (its
 * operator class is named through it: our schema need not be on its search path). A new
 * install goes to `public` when it exists, so that it outlives the schema of one app or test.
 */
async function ensurePgTrgm(db: Kysely<unknown>): Promise<string> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select extnamespace::regnamespace::text as schema
        from pg_extension where extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  const existing = await installed();
  if (existing) return unquote(existing);
  const hasPublic =
    (await sql`select 1 from pg_namespace where nspname = 'public'`.execute(db)).rows.length > 0;
  // Migrations run in a transaction: a savepoint keeps it usable when the install fails.
  await sql`savepoint install_pg_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm ${hasPublic ? sql`schema public` : sql``}`.execute(
      db,
    );
    await sql`release savepoint install_pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint install_pg_trgm`.execute(db);
    const code = String((error as { code?: unknown }).code);
    if (EXTENSION_UNAVAILABLE_STATES.has(code)) {
      throw new Error(
        `Search needs the PostgreSQL extension pg_trgm, and this database role cannot install it (${(error as Error).message}). Run "CREATE EXTENSION pg_trgm;" in this database as a superuser (on most distributions it ships in postgresql-contrib), then start Sharebin again.`,
      );
    }
    // Another instance (or test) installed it at the same moment: use theirs.
    if (code !== '23505') throw error;
  }
  const created = await installed();
  if (!created) throw new Error('The PostgreSQL extension pg_trgm was not installed');
  return unquote(created);
}

const unquote = (identifier: string) =>
  identifier.startsWith('"') ? identifier.slice(1, -1).replace(/""/g, '"') : identifier;
