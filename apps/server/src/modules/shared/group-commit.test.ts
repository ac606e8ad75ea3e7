import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from './db.schema';
import { type CommitQuery, createGroupCommit } from './group-commit';

/** A file-less SQLite with a unique column and a deferred foreign key (checked at commit). */
function openWithGroupCommit() {
  const sqlite = new SQLite(':memory:');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(`
    create table parents (id integer primary key);
    create table notes (
      name text not null unique,
      parent integer references parents(id) deferrable initially deferred
    );
    insert into parents (id) values (1);
  `);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const commit = createGroupCommit({ sqlite, prepare: (text) => sqlite.prepare(text), db });
  return { sqlite, db, commit };
}

const insertNote = (commit: CommitQuery, name: string, parent = 1) =>
  commit(CompiledQuery.raw('insert into notes (name, parent) values (?, ?)', [name, parent]));

const names = (sqlite: SQLite.Database) =>
  (sqlite.prepare('select name from notes order by name').all() as { name: string }[]).map(
    (row) => row.name,
  );

describe('group commit (SQLite)', () => {
  let opened: ReturnType<typeof openWithGroupCommit>;
  beforeEach(() => {
    opened = openWithGroupCommit();
  });
  afterEach(async () => {
    await opened.db.destroy();
  });

  it('commits the writes of one event-loop turn in one transaction', async () => {
    const { sqlite, commit } = opened;
    const exec = vi.spyOn(sqlite, 'exec');
    const results = await Promise.all(['a', 'b', 'c'].map((name) => insertNote(commit, name)));
    expect(results.map((result) => result.numAffectedRows)).toEqual([1n, 1n, 1n]);
    expect(exec.mock.calls.map(([text]) => text)).toEqual(['begin', 'commit']);
    expect(names(sqlite)).toEqual(['a', 'b', 'c']);
  });

  it('answers a write only once its transaction is committed', async () => {
    const { sqlite, commit } = opened;
    const pending = insertNote(commit, 'a');
    // Nothing is written before the turn ends.
    expect(names(sqlite)).toEqual([]);
    await pending;
    expect(sqlite.inTransaction).toBe(false);
    expect(names(sqlite)).toEqual(['a']);
  });

  it('returns the rows of a write with RETURNING', async () => {
    const { commit } = opened;
    const { rows } = await commit(
      CompiledQuery.raw('insert into notes (name) values (?) returning name', ['r']),
    );
    expect(rows).toEqual([{ name: 'r' }]);
  });

  it('fails only the write whose statement fails; the others of the batch are kept', async () => {
    const { sqlite, commit } = opened;
    await insertNote(commit, 'taken');
    const outcomes = await Promise.allSettled([
      insertNote(commit, 'a'),
      insertNote(commit, 'taken'),
      insertNote(commit, 'b'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(names(sqlite)).toEqual(['a', 'b', 'taken']);
  });

  it('fails every write of a batch whose commit fails, keeps none, and goes on', async () => {
    const { sqlite, commit } = opened;
    // The orphan passes its statement; its deferred foreign key fails the commit.
    const outcomes = await Promise.allSettled([
      insertNote(commit, 'a'),
      insertNote(commit, 'orphan', 99),
      insertNote(commit, 'b'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
    });
    expect(sqlite.inTransaction).toBe(false);
    expect(names(sqlite)).toEqual([]);
    // The next turn's batch is not affected.
    await insertNote(commit, 'c');
    expect(names(sqlite)).toEqual(['c']);
  });

  it('fails the whole batch when SQLite rolls the transaction back, keeping none of it', async () => {
    const { sqlite, commit } = opened;
    // A full disk: SQLite answers SQLITE_FULL and ends the transaction itself.
    const pages = sqlite.pragma('page_count', { simple: true }) as number;
    sqlite.pragma(`max_page_count = ${pages + 2}`);
    const outcomes = await Promise.allSettled([
      insertNote(commit, 'a'),
      insertNote(commit, 'x'.repeat(100_000)),
      insertNote(commit, 'b'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_FULL' });
    expect(sqlite.inTransaction).toBe(false);
    expect(names(sqlite)).toEqual([]);
    sqlite.pragma('max_page_count = 1000000');
    await insertNote(commit, 'c');
    expect(names(sqlite)).toEqual(['c']);
  });

  it('waits for a transaction open on the connection instead of joining it', async () => {
    const { sqlite, db, commit } = opened;
    let grouped: Promise<unknown> | undefined;
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw("insert into notes (name) values ('in-trx')"));
        grouped = insertNote(commit, 'grouped');
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(await transaction).toBe('roll back');
    await grouped;
    expect(names(sqlite)).toEqual(['grouped']);
  });
});
