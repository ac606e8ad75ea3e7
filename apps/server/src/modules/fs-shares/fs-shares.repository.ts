import { type ExpressionBuilder, sql, type Updateable } from 'kysely';
import type { Db } from '../shared/db';
import type { Database, FsSharesTable } from '../shared/db.schema';
import { containsPattern, lowerLike } from '../shared/sql-search';
import { createViewCounter } from '../shares/shares.sql';

export interface FsShareListFilter {
  /** Creator tags whose shares to list; all when absent. */
  createdBy?: string[];
  search?: string;
  /** Shares of this path or of something below it. */
  under?: string;
  limit: number;
  offset: number;
}

function matches(filter: Pick<FsShareListFilter, 'createdBy' | 'search' | 'under'>) {
  return (eb: ExpressionBuilder<Database, 'fs_shares'>) => {
    const conditions = [];
    if (filter.createdBy) conditions.push(eb('created_by', 'in', filter.createdBy));
    if (filter.under) conditions.push(atOrBelow(filter.under)(eb));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(
        eb.or([
          lowerLike('path', pattern),
          lowerLike('slug', pattern),
          lowerLike('remark', pattern),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/** `path` itself or anything below it; a prefix compare, so `%` and `_` in names are plain. */
function atOrBelow(path: string) {
  const below = `${path}/`;
  return (eb: ExpressionBuilder<Database, 'fs_shares'>) =>
    eb.or([
      eb('path', '=', path),
      eb(eb.fn('substr', ['path', eb.val(1), eb.val(below.length)]), '=', below),
    ]);
}

export function createFsSharesRepository({ db }: { db: Db }) {
  return {
    insert: async (row: FsSharesTable) => {
      await db.insertInto('fs_shares').values(row).execute();
    },

    findById: (id: string) =>
      db.selectFrom('fs_shares').selectAll().where('id', '=', id).executeTakeFirst(),

    findBySlug: (slug: string) =>
      db.selectFrom('fs_shares').selectAll().where('slug', '=', slug).executeTakeFirst(),

    /** One counted view, or undefined when the share may not be viewed (ARCHITECTURE.md §4). */
    countView: createViewCounter({ db, table: 'fs_shares' }),

    async list(filter: FsShareListFilter) {
      const rows = await db
        .selectFrom('fs_shares')
        .selectAll()
        .where(matches(filter))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const { total } = await db
        .selectFrom('fs_shares')
        .select((eb) => eb.fn.countAll().as('total'))
        .where(matches(filter))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(total) };
    },

    update: async (id: string, changes: Updateable<FsSharesTable>) => {
      await db.updateTable('fs_shares').set(changes).where('id', '=', id).execute();
    },

    /** Shares at `from` or below it now point at `to` (a rename or move through Sharebin). */
    movePaths: async (from: string, to: string) => {
      await db
        .updateTable('fs_shares')
        .set({ path: sql<string>`${to} || substr(path, ${from.length + 1})` })
        .where(atOrBelow(from))
        .execute();
    },

    /** Shares of a deleted path (and of what was below it, for a folder) end. */
    removeAt: async (path: string, { subtree }: { subtree: boolean }) => {
      await db
        .deleteFrom('fs_shares')
        .where(subtree ? atOrBelow(path) : (eb) => eb('path', '=', path))
        .execute();
    },

    remove: async (id: string) => {
      await db.deleteFrom('fs_shares').where('id', '=', id).execute();
    },
  };
}

export type FsSharesRepository = ReturnType<typeof createFsSharesRepository>;
