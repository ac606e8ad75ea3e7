import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../shared/db';
import type { Database, PastesTable } from '../shared/db.schema';
import { preparedQuery } from '../shared/prepared-query';
import { containsPattern, lowerLike } from '../shared/sql-search';
import { PREVIEW_LENGTH } from './pastes.models';

export interface PasteListFilter {
  /** Creator tags whose pastes to list; all pastes when absent. */
  createdBy?: string[];
  search?: string;
  limit: number;
  offset: number;
}

function matches(filter: Pick<PasteListFilter, 'createdBy' | 'search'>) {
  return (eb: ExpressionBuilder<Database, 'pastes'>) => {
    const conditions = [];
    if (filter.createdBy) conditions.push(eb('created_by', 'in', filter.createdBy));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(eb.or([lowerLike('slug', pattern), lowerLike('remark', pattern)]));
    }
    return eb.and(conditions);
  };
}

type ViewArgs = { slug: string; now: number };

/**
 * Counts one view in a single conditional update, so that concurrent viewers of a paste
 * with `max_views = k` get exactly k rows back (ARCHITECTURE.md §4). Prepared once: it is the
 * hot path of every paste view.
 */
function countViewQuery(db: Db, passwordless: boolean) {
  return preparedQuery(db, (args: ViewArgs) => {
    let query = db
      .updateTable('pastes')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('slug', '=', args.slug)
      .where((eb) => eb.or([eb('max_views', '=', 0), eb('views', '<', eb.ref('max_views'))]))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', args.now)]));
    if (passwordless) query = query.where('password_hash', 'is', null);
    return query.returningAll();
  });
}

const DELETED_COLUMNS = ['slug', 'expires_at', 'max_views', 'views'] as const;

export function createPastesRepository({ db }: { db: Db }) {
  const countViewOpen = countViewQuery(db, true);
  const countViewAny = countViewQuery(db, false);
  const selectBySlug = preparedQuery(db, (args: { slug: string }) =>
    db.selectFrom('pastes').selectAll().where('slug', '=', args.slug),
  );
  return {
    insert: async (row: PastesTable) => {
      await db.insertInto('pastes').values(row).execute();
    },

    findBySlug: async (slug: string) => (await selectBySlug({ slug }))[0],

    findById: (id: string) =>
      db.selectFrom('pastes').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The paste after counting one view, or undefined when it may not be viewed. */
    countView: async (input: { slug: string; now: number; passwordless: boolean }) =>
      (
        await (input.passwordless ? countViewOpen : countViewAny)({
          slug: input.slug,
          now: input.now,
        })
      )[0],

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

    /** Deletes; answers what a tombstone needs of each deleted paste. */
    deleteMany: async (ids: string[], createdBy?: string[]) => {
      if (ids.length === 0) return [];
      let query = db.deleteFrom('pastes').where('id', 'in', ids);
      if (createdBy) query = query.where('created_by', 'in', createdBy);
      return query.returning(DELETED_COLUMNS).execute();
    },

    /** Expired pastes and pastes whose views are used up. */
    deleteFinished: (now: number) =>
      db
        .deleteFrom('pastes')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', now),
            eb.and([eb('max_views', '>', 0), eb('views', '>=', eb.ref('max_views'))]),
          ]),
        )
        .returning(DELETED_COLUMNS)
        .execute(),
  };
}

export type PastesRepository = ReturnType<typeof createPastesRepository>;
