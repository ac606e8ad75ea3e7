import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../shared/db';
import type { Database } from '../shared/db.schema';

/** Shares that point at a mounted path: shared files and folders, upload requests' folders. */
export type PathShareTable = 'fs_shares' | 'upload_requests';

/** `path` itself or anything below it; a prefix compare, so `%` and `_` in names are plain. */
export function atOrBelow(path: string) {
  const below = `${path}/`;
  return (eb: ExpressionBuilder<Database, 'fs_shares'>) =>
    eb.or([
      eb('path', '=', path),
      eb(eb.fn('substr', ['path', eb.val(1), eb.val(below.length)]), '=', below),
    ]);
}

/** How shares of mounted paths follow the changes made through Sharebin. */
export function createSharedPathsRepository({ db, table }: { db: Db; table: PathShareTable }) {
  // One table's builder stands for both: `path` is common to them.
  const from = table as 'fs_shares';
  return {
    /** Shares at `from` or below it now point at `to` (a rename or move through Sharebin). */
    movePaths: async (fromPath: string, to: string) => {
      await db
        .updateTable(from)
        .set({ path: sql<string>`${to} || substr(path, ${fromPath.length + 1})` })
        .where(atOrBelow(fromPath))
        .execute();
    },

    /** Shares of a deleted path (and of what was below it, for a folder) end. */
    removeAt: async (path: string, { subtree }: { subtree: boolean }) => {
      await db
        .deleteFrom(from)
        .where(subtree ? atOrBelow(path) : (eb) => eb('path', '=', path))
        .execute();
    },
  };
}

export type SharedPathsRepository = ReturnType<typeof createSharedPathsRepository>;
