import { type Kysely, type Migration, SqliteAdapter, sql } from 'kysely';
import { createExternalContentFts } from './0010_search_index';

/**
 * Search whose cost follows the page asked for, not the number of matches (issue 9, item 5),
 * and rebuild claims that every instance sees.
 *
 * - `search_entries_rank_idx` holds the ranking order within a tier (`length(name)`, `name`,
 *   `mount_id`, `path`): a query with many matches walks it and stops after the page.
 * - `search_entries_name_folded_idx` serves the exact and prefix tiers as lookups and ranges
 *   (PostgreSQL: `text_pattern_ops`, so that `like 'q%'` uses it whatever the collation).
 * - Two-character queries get an index of their own. SQLite: the FTS5 trigram table indexes
 *   each name followed by a terminator (U+0001), so every two characters of a name start one
 *   of its trigrams, and `search_entries_fts_vocab` lists the trigrams starting with the query.
 *   PostgreSQL: a GIN index of each name's two-character substrings (`search_bigrams`).
 * - `search_mount_state` records why the last rebuild failed and when the running one last
 *   made progress, so that a rebuild's status and its claim live in the database.
 */
export const searchRanking: Migration = {
  async up(db: Kysely<unknown>) {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    if (sqlite) {
      // Covering the visibility and name tests, so that walks and counts read the table only
      // for the rows they keep.
      await sql`create index search_entries_rank_idx
        on search_entries (length(name), name, mount_id, path, generation, name_folded)`.execute(
        db,
      );
      await sql`create index search_entries_name_folded_idx
        on search_entries (name_folded, mount_id, generation, path)`.execute(db);
      await createTerminatedFts(db);
    } else {
      // PostgreSQL reads the table for every row an index scan yields anyway: no covering.
      await sql`create index search_entries_rank_idx
        on search_entries (length(name), name, mount_id, path)`.execute(db);
      await sql`create index search_entries_name_folded_idx
        on search_entries (name_folded text_pattern_ops)`.execute(db);
      await sql`create function search_bigrams(name text) returns text[]
        language sql immutable strict parallel safe
        as $$ select coalesce(array_agg(distinct substr(name, i, 2)), '{}')
          from generate_series(1, char_length(name) - 1) as i $$`.execute(db);
      await sql`create index search_entries_bigram_idx
        on search_entries using gin (search_bigrams(name_folded))`.execute(db);
    }
    await db.schema.alterTable('search_mount_state').addColumn('rebuild_error', 'text').execute();
    await db.schema
      .alterTable('search_mount_state')
      .addColumn('rebuild_progress_at', 'bigint')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    await db.schema.alterTable('search_mount_state').dropColumn('rebuild_progress_at').execute();
    await db.schema.alterTable('search_mount_state').dropColumn('rebuild_error').execute();
    await sql`drop index search_entries_rank_idx`.execute(db);
    await sql`drop index search_entries_name_folded_idx`.execute(db);
    if (sqlite) {
      await sql`drop table search_entries_fts_vocab`.execute(db);
      await dropFts(db);
      await createExternalContentFts(db);
      // 0010 created it empty; here the table holds rows already.
      await sql`insert into search_entries_fts(search_entries_fts) values ('rebuild')`.execute(db);
    } else {
      await sql`drop index search_entries_bigram_idx`.execute(db);
      await sql`drop function search_bigrams(text)`.execute(db);
    }
  },
};

async function dropFts(db: Kysely<unknown>) {
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql`drop trigger ${sql.id(`search_entries_fts_${trigger}`)}`.execute(db);
  }
  await sql`drop table search_entries_fts`.execute(db);
}

/**
 * The FTS table again, indexing `name_folded || char(1)`: the terminator makes the last two
 * characters of a name a trigram's start too. Contentless (the indexed text is no longer a
 * column of `search_entries`), with deletes by rowid.
 */
async function createTerminatedFts(db: Kysely<unknown>) {
  await dropFts(db);
  await sql`create virtual table search_entries_fts using fts5(
    name_folded, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`create trigger search_entries_fts_insert after insert on search_entries begin
    insert into search_entries_fts(rowid, name_folded) values (new.id, new.name_folded || char(1));
  end`.execute(db);
  await sql`create trigger search_entries_fts_delete after delete on search_entries begin
    delete from search_entries_fts where rowid = old.id;
  end`.execute(db);
  await sql`create trigger search_entries_fts_update after update of name_folded on search_entries begin
    delete from search_entries_fts where rowid = old.id;
    insert into search_entries_fts(rowid, name_folded) values (new.id, new.name_folded || char(1));
  end`.execute(db);
  await sql`insert into search_entries_fts(rowid, name_folded)
    select id, name_folded || char(1) from search_entries`.execute(db);
  await sql`create virtual table search_entries_fts_vocab
    using fts5vocab(search_entries_fts, row)`.execute(db);
}
