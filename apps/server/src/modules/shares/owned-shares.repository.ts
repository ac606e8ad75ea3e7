import type { Expression, ExpressionBuilder, Selectable, SqlBool, Updateable } from 'kysely';
import type { Db } from '../shared/db';
import type { Database } from '../shared/db.schema';
import { containsPattern, lowerLike } from '../shared/sql-search';

/** Shares that live in a table of their own with an owner: shared mounted paths, short links, upload requests. */
export type OwnedShareTable = 'fs_shares' | 'short_links' | 'upload_requests';

export interface OwnedListFilter {
  /** Creator tags whose shares to list; all when absent. */
  createdBy?: string[];
  search?: string;
  limit: number;
  offset: number;
}

/** The table's own conditions of a list (fs shares: `under` a path). */
type ExtraCondition = (eb: ExpressionBuilder<Database, 'fs_shares'>) => Expression<SqlBool>;

/**
 * The records of such shares: found by id or slug, listed newest first for their owner, edited,
 * deleted (a kind whose use is a view adds the exact view counter). Built on one table's
 * columns (both tables have `id`, `slug`, `remark`, `created_by`, `created_at`).
 */
export function createOwnedSharesRepository<T extends OwnedShareTable>({
  db,
  table,
  searchColumn,
}: {
  db: Db;
  table: T;
  /** Searched with the slug and remark: the path, the address. */
  searchColumn: 'path' | 'url';
}) {
  type Row = Selectable<Database[T]>;
  // One table's builder stands for both: the columns used here are common to them.
  const from = table as 'fs_shares';
  const column = searchColumn as 'path';

  function matches(filter: OwnedListFilter, extra?: ExtraCondition) {
    return (eb: ExpressionBuilder<Database, 'fs_shares'>) => {
      const conditions = [];
      if (filter.createdBy) conditions.push(eb('created_by', 'in', filter.createdBy));
      if (filter.search) {
        const pattern = containsPattern(filter.search);
        conditions.push(
          eb.or([
            lowerLike(column, pattern),
            lowerLike('slug', pattern),
            lowerLike('remark', pattern),
          ]),
        );
      }
      if (extra) conditions.push(extra(eb));
      return eb.and(conditions);
    };
  }

  return {
    insert: async (row: Row) => {
      await db
        .insertInto(from)
        .values(row as never)
        .execute();
    },
    findById: async (id: string) =>
      (await db.selectFrom(from).selectAll().where('id', '=', id).executeTakeFirst()) as
        | Row
        | undefined,
    findBySlug: async (slug: string) =>
      (await db.selectFrom(from).selectAll().where('slug', '=', slug).executeTakeFirst()) as
        | Row
        | undefined,
    async list(filter: OwnedListFilter, extra?: ExtraCondition) {
      const rows = await db
        .selectFrom(from)
        .selectAll()
        .where(matches(filter, extra))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const { total } = await db
        .selectFrom(from)
        .select((eb) => eb.fn.countAll().as('total'))
        .where(matches(filter, extra))
        .executeTakeFirstOrThrow();
      return { rows: rows as Row[], total: Number(total) };
    },
    update: async (id: string, changes: Updateable<Database[T]>) => {
      await db
        .updateTable(from)
        .set(changes as never)
        .where('id', '=', id)
        .execute();
    },
    remove: async (id: string) => {
      await db.deleteFrom(from).where('id', '=', id).execute();
    },
  };
}

export type OwnedSharesRepository<T extends OwnedShareTable> = ReturnType<
  typeof createOwnedSharesRepository<T>
>;
