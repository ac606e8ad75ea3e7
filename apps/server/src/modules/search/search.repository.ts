import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DatabaseEngine, Db } from '../shared/db';
import type { SearchEntriesTable, SearchMountStateTable } from '../shared/db.schema';
import {
  foldName,
  type SearchHit,
  type SearchParams,
  splitPath,
  type VisibleScope,
} from './search.models';
import { rankedSearch, sqlLength } from './search.ranking';

export type EntryRow = Omit<SearchEntriesTable, 'id'>;

/** Rows per INSERT: at 10 parameters a row, 10,000 stay below either engine's parameter limit (SQLite 32,766, PostgreSQL 65,535). */
const INSERT_BATCH = 1_000;
/** Rows per DELETE when dropping a whole generation, so that no statement holds the lock long. */
const DELETE_BATCH = 5_000;

/** `e.path` is `root` or lies below it; compares whole segments, case-sensitively, on both engines. */
function pathWithin(root: string): RawBuilder<SqlBool> {
  if (root === '/') return sql<SqlBool>`1 = 1`;
  const below = `${root}/`;
  return sql<SqlBool>`(e.path = ${root} or substr(e.path, 1, cast(${sqlLength(below)} as integer)) = ${below})`;
}

/** The index's queries, on the database or inside one transaction. */
function searchQueries(db: Db, engine: DatabaseEngine) {
  /** Live rows of the scopes' mounts, within the scopes' folders; null when none can match. */
  const visibleRows = async (scopes: VisibleScope[]) => {
    const live = new Map(
      (
        await db
          .selectFrom('search_mount_state')
          .select(['mount_id', 'live_generation'])
          .where('mount_id', 'in', [...new Set(scopes.map((scope) => scope.mountId))])
          .execute()
      ).map((row) => [row.mount_id, row.live_generation]),
    );
    const parts = scopes.flatMap((scope) => {
      const generation = live.get(scope.mountId);
      if (generation === undefined) return [];
      const unshadowed = (scope.shadowed ?? []).map((folder) => sql`not ${pathWithin(folder)}`);
      return [
        sql`(${sql.join(
          [
            sql`e.mount_id = ${scope.mountId}`,
            sql`e.generation = ${generation}`,
            pathWithin(scope.pathPrefix),
            ...unshadowed,
          ],
          sql` and `,
        )})`,
      ];
    });
    return parts.length === 0 ? null : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
  };

  /** The mount's index state, created (live generation 1, empty) on first use. */
  const state = async (mountId: string) => {
    await db
      .insertInto('search_mount_state')
      .values({
        mount_id: mountId,
        live_generation: 1,
        building_generation: null,
        rebuild_entries: 0,
      })
      .onConflict((oc) => oc.column('mount_id').doNothing())
      .execute();
    return db
      .selectFrom('search_mount_state')
      .selectAll()
      .where('mount_id', '=', mountId)
      .executeTakeFirstOrThrow();
  };

  return {
    engine,

    /** Live entries whose name contains `folded`, visible through `scopes`, best first (see search.ranking.ts). */
    async search({ q: folded, scopes, limit, offset }: SearchParams) {
      const visible = await visibleRows(scopes);
      if (!visible) return { hits: [], total: 0, totalCapped: false };
      const { rows, total, totalCapped } = await rankedSearch(db, engine, {
        folded,
        visible,
        limit,
        offset,
      });
      const hits: SearchHit[] = rows.map((row) => ({
        mountId: row.mount_id,
        path: row.path,
        name: row.name,
        isDirectory: Number(row.is_directory) === 1,
        size: row.size === null ? null : Number(row.size),
        modifiedAt: row.modified_at === null ? null : Number(row.modified_at),
      }));
      return { hits, total, totalCapped };
    },

    state,

    findState: (mountId: string) =>
      db
        .selectFrom('search_mount_state')
        .selectAll()
        .where('mount_id', '=', mountId)
        .executeTakeFirst(),

    /** Without `overwrite`, a rebuild's listing cannot undo a write made while it ran. */
    async putEntries(rows: EntryRow[], { overwrite }: { overwrite: boolean }) {
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        await db
          .insertInto('search_entries')
          .values(rows.slice(start, start + INSERT_BATCH))
          .onConflict((oc) => {
            const target = oc.columns(['mount_id', 'generation', 'path']);
            return overwrite
              ? target.doUpdateSet((eb) => ({
                  is_directory: eb.ref('excluded.is_directory'),
                  size: eb.ref('excluded.size'),
                  modified_at: eb.ref('excluded.modified_at'),
                  indexed_at: eb.ref('excluded.indexed_at'),
                }))
              : target.doNothing();
          })
          .execute();
      }
    },

    children: (mountId: string, generation: number, parentPath: string) =>
      db
        .selectFrom('search_entries')
        .select(['path', 'name', 'is_directory', 'size', 'modified_at'])
        .where('mount_id', '=', mountId)
        .where('generation', '=', generation)
        .where('parent_path', '=', parentPath)
        .execute(),

    /** Removes `path` (and, with `subtree`, everything below it) from every generation. */
    async removePath(mountId: string, path: string, { subtree }: { subtree: boolean }) {
      await db
        .deleteFrom('search_entries as e')
        .where('e.mount_id', '=', mountId)
        .where((eb) => (subtree ? pathWithin(path) : eb('e.path', '=', path)))
        .execute();
    },

    /** Gives a subtree's entries, in every generation, the paths they have under `to`. */
    async moveSubtree(mountId: string, from: string, to: string) {
      const fromLength = sqlLength(from);
      const { parentPath, name } = splitPath(to);
      // The root of the subtree changes name (the trigram index follows); the rest only paths.
      await db
        .updateTable('search_entries')
        .set({ path: to, parent_path: parentPath, name, name_folded: foldName(name) })
        .where('mount_id', '=', mountId)
        .where('path', '=', from)
        .execute();
      const below = `${from}/`;
      await db
        .updateTable('search_entries')
        .set({
          path: sql`${to} || substr(path, cast(${fromLength + 1} as integer))`,
          parent_path: sql`${to} || substr(parent_path, cast(${fromLength + 1} as integer))`,
        })
        .where('mount_id', '=', mountId)
        .where(sql<SqlBool>`substr(path, 1, cast(${sqlLength(below)} as integer)) = ${below}`)
        .execute();
    },

    /** Every query scans GIN's pending list until vacuum; FTS5 leaves many segments. */
    async compactIndexes() {
      if (engine === 'postgres') {
        for (const index of ['search_entries_name_trgm_idx', 'search_entries_bigram_idx']) {
          await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
        }
      } else {
        await sql`insert into search_entries_fts(search_entries_fts) values ('optimize')`.execute(
          db,
        );
      }
    },

    async dropMount(mountId: string) {
      await db.deleteFrom('search_entries').where('mount_id', '=', mountId).execute();
      await db.deleteFrom('search_mount_state').where('mount_id', '=', mountId).execute();
    },

    /** One statement, so two instances cannot both win; null while a live rebuild runs. */
    async claimRebuild(
      mountId: string,
      { now, staleBefore, takeOver }: { now: number; staleBefore: number; takeOver: boolean },
    ): Promise<number | null> {
      await state(mountId);
      const result = await db
        .updateTable('search_mount_state')
        .set({
          building_generation: sql`case when building_generation is null
            or building_generation < live_generation then live_generation
            else building_generation end + 1`,
          rebuild_started_at: now,
          rebuild_progress_at: now,
          rebuild_entries: 0,
          rebuild_error: null,
        })
        .where('mount_id', '=', mountId)
        .where((eb) =>
          takeOver
            ? sql<SqlBool>`1 = 1`
            : eb.or([
                eb('building_generation', 'is', null),
                eb('rebuild_progress_at', '<', staleBefore),
              ]),
        )
        .returning('building_generation')
        .executeTakeFirst();
      return result?.building_generation ?? null;
    },

    /** Whether `generation` is still the one being built (no later rebuild took over). */
    isBuilding: async (mountId: string, generation: number) =>
      (
        await db
          .selectFrom('search_mount_state')
          .select('building_generation')
          .where('mount_id', '=', mountId)
          .executeTakeFirst()
      )?.building_generation === generation,

    /** False when another rebuild took over meanwhile. */
    async updateBuilding(
      mountId: string,
      generation: number,
      changes: Partial<Omit<SearchMountStateTable, 'mount_id'>>,
    ) {
      const result = await db
        .updateTable('search_mount_state')
        .set(changes)
        .where('mount_id', '=', mountId)
        .where('building_generation', '=', generation)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Deletes, a batch at a time, rows of generations that nobody reads any more. */
    async deleteGenerations(mountId: string, which: { below: number } | { exactly: number }) {
      for (;;) {
        const ids = db
          .selectFrom('search_entries')
          .select('id')
          .where('mount_id', '=', mountId)
          .where(
            'generation',
            'below' in which ? '<' : '=',
            'below' in which ? which.below : which.exactly,
          )
          .limit(DELETE_BATCH);
        const result = await db
          .deleteFrom('search_entries')
          .where('id', 'in', ids)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) < DELETE_BATCH) return;
      }
    },
  };
}

export type SearchQueries = ReturnType<typeof searchQueries>;

export function createSearchRepository({ db, engine }: { db: Db; engine: DatabaseEngine }) {
  return {
    ...searchQueries(db, engine),
    /** Runs `work` in one transaction, with the queries bound to it (and the transaction). */
    transaction: <T>(work: (queries: SearchQueries, trx: Db) => Promise<T>) =>
      db.transaction().execute((trx) => work(searchQueries(trx, engine), trx)),
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
