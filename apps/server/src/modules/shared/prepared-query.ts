import type { CompiledQuery } from 'kysely';
import type { Db } from './db';
import { groupCommitOf } from './group-commit';

/** Marks where an argument goes in a query compiled ahead of time. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * Builds and compiles a Kysely query once, then runs it with fresh arguments: hot paths skip
 * the query builder (about 20 µs a query here). `build` receives stand-ins for the arguments
 * and must use each only as a plain value (`where('slug', '=', args.slug)`).
 *
 * `groupCommit`: a write of a hot path that may share its transaction with the other writes of
 * the same event-loop turn (SQLite; see `createGroupCommit`). Only for a single statement whose
 * caller needs nothing but its own outcome.
 */
export function preparedQuery<Args extends object, Row>(
  db: Db,
  build: (args: Args) => { compile(): CompiledQuery<Row> },
  { groupCommit = false }: { groupCommit?: boolean } = {},
) {
  let compiled: CompiledQuery<Row> | undefined;
  const slots = new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as Args;
  const commit = groupCommit ? groupCommitOf(db) : undefined;
  return async (args: Args): Promise<Row[]> => {
    compiled ??= build(slots).compile();
    const parameters = compiled.parameters.map((value) =>
      value instanceof Slot ? (args as Record<string, unknown>)[value.name] : value,
    );
    const query: CompiledQuery<Row> = { ...compiled, parameters };
    return (await (commit ? commit(query) : db.executeQuery<Row>(query))).rows;
  };
}

/**
 * A multi-row insert of `rowsAtOnce` rows compiled once, then run with fresh values: a bulk
 * write (100,000 items of a zip plan) skips the query builder, whose parse and compile made
 * about 2 KB of garbage per row, a fifth of all a plan allocated (bench/RESULTS.md). Every row
 * has the same columns, all of them present (null rather than left out). `build` gets the rows
 * to insert; fewer rows than `rowsAtOnce` (a last chunk) go through the builder as usual.
 */
export function preparedBulkInsert<Row extends object>(
  db: Db,
  rowsAtOnce: number,
  build: (rows: Row[]) => { compile(): CompiledQuery<unknown> },
) {
  let compiled: { query: CompiledQuery<unknown>; columns: string[]; places: number[] } | undefined;
  /** Compiled from stand-ins whose values are their places, so the parameters say where. */
  const compileFull = (like: Row) => {
    const columns = Object.keys(like);
    const standIns = Array.from({ length: rowsAtOnce }, (_, row) =>
      Object.fromEntries(columns.map((column, index) => [column, row * columns.length + index])),
    ) as Row[];
    const query = build(standIns).compile();
    return { query, columns, places: query.parameters as number[] };
  };
  return async (rows: readonly Row[]) => {
    let start = 0;
    for (; start + rowsAtOnce <= rows.length; start += rowsAtOnce) {
      compiled ??= compileFull(rows[0] as Row);
      const { query, columns, places } = compiled;
      const parameters = places.map((place) => {
        const row = rows[start + Math.floor(place / columns.length)] as Record<string, unknown>;
        return row[columns[place % columns.length] as string];
      });
      await db.executeQuery({ ...query, parameters });
    }
    if (start < rows.length) await db.executeQuery(build(rows.slice(start)).compile());
  };
}
