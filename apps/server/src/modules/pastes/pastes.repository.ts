import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../shared/db';
import type { Database, PastesTable } from '../shared/db.schema';
import { PREVIEW_LENGTH } from './pastes.models';

export interface PasteListFilter {
  /** Creator tags whose pastes to list; all pastes when absent. */
  createdBy?: string[];
  search?: string;
  limit: number;
  offset: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function matches(filter: Pick<PasteListFilter, 'createdBy' | 'search'>) {
  return (eb: ExpressionBuilder<Database, 'pastes'>) => {
    const conditions = [];
    if (filter.createdBy) conditions.push(eb('created_by', 'in', filter.createdBy));
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search.toLowerCase())}%`;
      conditions.push(
        eb.or([
          sql<boolean>`lower(slug) like ${pattern} escape '\\'`,
          sql<boolean>`lower(remark) like ${pattern} escape '\\'`,
        ]),
      );
    }
    return eb.and(conditions);
  };
}

export function createPastesRepository({ db }: { db: Db }) {
  return {
    insert: async (row: PastesTable) => {
      await db.insertInto('pastes').values(row).execute();
    },

    findBySlug: (slug: string) =>
      db.selectFrom('pastes').selectAll().where('slug', '=', slug).executeTakeFirst(),

    findById: (id: string) =>
      db.selectFrom('pastes').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Counts one view in a single conditional update, so that concurrent viewers of a paste
     * with `max_views = k` get exactly k rows back (ARCHITECTURE.md §4).
     */
    countView: (input: { slug: string; now: number; passwordless: boolean }) => {
      let query = db
        .updateTable('pastes')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('slug', '=', input.slug)
        .where((eb) => eb.or([eb('max_views', '=', 0), eb('views', '<', eb.ref('max_views'))]))
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', input.now)]));
      if (input.passwordless) query = query.where('password_hash', 'is', null);
      return query.returningAll().executeTakeFirst();
    },

    async list(filter: PasteListFilter) {
      const rows = await db
        .selectFrom('pastes')
        .select([
          'id',
          'slug',
          'size',
          'remark',
          'format',
          'language',
          'password_hash',
          'expires_at',
          'max_views',
          'views',
          'created_by',
          'created_at',
          'updated_at',
          sql<string>`substr(content, 1, ${sql.lit(PREVIEW_LENGTH)})`.as('preview'),
        ])
        .where(matches(filter))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const { total } = await db
        .selectFrom('pastes')
        .select((eb) => eb.fn.countAll().as('total'))
        .where(matches(filter))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(total) };
    },

    update: async (
      id: string,
      changes: Partial<Omit<PastesTable, 'id' | 'created_by' | 'created_at'>>,
    ) => {
      await db.updateTable('pastes').set(changes).where('id', '=', id).execute();
    },

    deleteMany: async (ids: string[], createdBy?: string[]) => {
      let query = db.deleteFrom('pastes').where('id', 'in', ids);
      if (createdBy) query = query.where('created_by', 'in', createdBy);
      return Number((await query.executeTakeFirst()).numDeletedRows);
    },

    /** Expired pastes and pastes whose views are used up. */
    deleteFinished: async (now: number) =>
      Number(
        (
          await db
            .deleteFrom('pastes')
            .where((eb) =>
              eb.or([
                eb('expires_at', '<=', now),
                eb.and([eb('max_views', '>', 0), eb('views', '>=', eb.ref('max_views'))]),
              ]),
            )
            .executeTakeFirst()
        ).numDeletedRows,
      ),
  };
}

export type PastesRepository = ReturnType<typeof createPastesRepository>;
