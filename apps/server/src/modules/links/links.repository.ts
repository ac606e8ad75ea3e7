import type { ExpressionBuilder, Updateable } from 'kysely';
import type { Db } from '../shared/db';
import type { Database, ShortLinksTable } from '../shared/db.schema';
import { containsPattern, lowerLike } from '../shared/sql-search';
import { createViewCounter } from '../shares/shares.sql';

export interface LinkListFilter {
  /** Creator tags whose links to list; all when absent. */
  createdBy?: string[];
  search?: string;
  limit: number;
  offset: number;
}

function matches(filter: Pick<LinkListFilter, 'createdBy' | 'search'>) {
  return (eb: ExpressionBuilder<Database, 'short_links'>) => {
    const conditions = [];
    if (filter.createdBy) conditions.push(eb('created_by', 'in', filter.createdBy));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(
        eb.or([
          lowerLike('url', pattern),
          lowerLike('slug', pattern),
          lowerLike('remark', pattern),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

export function createLinksRepository({ db }: { db: Db }) {
  return {
    insert: async (row: ShortLinksTable) => {
      await db.insertInto('short_links').values(row).execute();
    },
    findById: (id: string) =>
      db.selectFrom('short_links').selectAll().where('id', '=', id).executeTakeFirst(),
    findBySlug: (slug: string) =>
      db.selectFrom('short_links').selectAll().where('slug', '=', slug).executeTakeFirst(),
    /** One counted follow, exact under concurrency (ARCHITECTURE.md §4). */
    countView: createViewCounter({ db, table: 'short_links' }),
    async list(filter: LinkListFilter) {
      const rows = await db
        .selectFrom('short_links')
        .selectAll()
        .where(matches(filter))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const { total } = await db
        .selectFrom('short_links')
        .select((eb) => eb.fn.countAll().as('total'))
        .where(matches(filter))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(total) };
    },
    update: async (id: string, changes: Updateable<ShortLinksTable>) => {
      await db.updateTable('short_links').set(changes).where('id', '=', id).execute();
    },
    remove: async (id: string) => {
      await db.deleteFrom('short_links').where('id', '=', id).execute();
    },
  };
}

export type LinksRepository = ReturnType<typeof createLinksRepository>;
