import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../shared/db';
import type { Database } from '../shared/db.schema';
import {
  createOwnedSharesRepository,
  type OwnedListFilter,
} from '../shares/owned-shares.repository';

export interface FsShareListFilter extends OwnedListFilter {
  /** Shares of this path or of something below it. */
  under?: string;
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
  const owned = createOwnedSharesRepository({ db, table: 'fs_shares', searchColumn: 'path' });
  return {
    ...owned,

    list: (filter: FsShareListFilter) =>
      owned.list(filter, filter.under ? atOrBelow(filter.under) : undefined),

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
  };
}

export type FsSharesRepository = ReturnType<typeof createFsSharesRepository>;
