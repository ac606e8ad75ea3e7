import type SQLite from 'better-sqlite3';
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './db.schema';

/** Runs one compiled write and answers once it is committed. */
export type CommitQuery = <Row>(query: CompiledQuery<Row>) => Promise<QueryResult<Row>>;

interface Pending {
  query: CompiledQuery<unknown>;
  resolve: (result: QueryResult<unknown>) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the hot writes of SQLite (a paste's insert, a view's counter): the writes
 * that arrive during one turn of the event loop run in one transaction, flushed from
 * `setImmediate` once the turn's I/O callbacks have run. In WAL mode each commit appends every
 * page it touched to the log; thirty inserts in one transaction append the table's and the
 * indexes' pages once instead of thirty times, which was a fifth of a creation's CPU.
 *
 * Each caller still answers only after the commit that holds its row. A statement that fails
 * (a slug already taken) is undone alone, as SQLite does inside a transaction, and fails its
 * caller alone. When SQLite gives up the whole transaction (disk full, I/O error) or the commit
 * fails, every write of that batch fails and none of it was kept; other batches are not
 * affected.
 *
 * The batch runs holding Kysely's connection, so it never lands inside a transaction that
 * `db.transaction()` has open across awaits.
 */
export function createGroupCommit({
  sqlite,
  prepare,
  db,
}: {
  sqlite: SQLite.Database;
  prepare: (text: string) => SQLite.Statement;
  db: Kysely<Database>;
}): CommitQuery {
  let pending: Pending[] = [];

  function execute(query: CompiledQuery<unknown>): QueryResult<unknown> {
    const statement = prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /** Runs a batch inside one transaction; answers each caller once the outcome is known. */
  function runBatch(batch: Pending[]) {
    sqlite.exec('begin');
    try {
      settle(batch);
    } finally {
      // Only an unexpected throw leaves it open; the connection must not be handed on so.
      if (sqlite.inTransaction) sqlite.exec('rollback');
    }
  }

  function settle(batch: Pending[]) {
    const done: Array<{ entry: Pending; result: QueryResult<unknown> }> = [];
    for (const [index, entry] of batch.entries()) {
      try {
        done.push({ entry, result: execute(entry.query) });
      } catch (error) {
        entry.reject(error);
        if (!sqlite.inTransaction) {
          // SQLite rolled the whole transaction back: the writes before this one are gone too.
          for (const other of [...done.map((d) => d.entry), ...batch.slice(index + 1)])
            other.reject(error);
          return;
        }
      }
    }
    try {
      sqlite.exec('commit');
    } catch (error) {
      for (const { entry } of done) entry.reject(error);
      return;
    }
    for (const { entry, result } of done) entry.resolve(result);
  }

  function flush() {
    const batch = pending;
    pending = [];
    db.connection()
      .execute(async () => runBatch(batch))
      // `begin` itself failed (or the connection is gone): nothing of the batch ran.
      .catch((error: unknown) => {
        for (const entry of batch) entry.reject(error);
      });
  }

  return <Row>(query: CompiledQuery<Row>) =>
    new Promise<QueryResult<Row>>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({
        query,
        resolve: resolve as (result: QueryResult<unknown>) => void,
        reject,
      });
    });
}

const groupCommits = new WeakMap<object, CommitQuery>();

/** Makes `db`'s grouped writes go through `commit` (SQLite databases register one). */
export function registerGroupCommit(db: object, commit: CommitQuery): void {
  groupCommits.set(db, commit);
}

/** The group commit of `db`, or undefined where writes need none (PostgreSQL's pool). */
export const groupCommitOf = (db: object): CommitQuery | undefined => groupCommits.get(db);
