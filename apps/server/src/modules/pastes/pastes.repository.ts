import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../shared/db';
import type { Database, PastesTable } from '../shared/db.schema';
import { preparedQuery } from '../shared/prepared-query';
import { containsPattern, lowerLike } from '../shared/sql-search';
import { createViewCounter, finishedAt } from '../shares/shares.sql';
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

const DELETED_COLUMNS = ['slug', 'expires_at', 'max_views', 'views'] as const;

export function createPastesRepository({ db }: { db: Db }) {
  const selectBySlug = preparedQuery(db, (args: { slug: string }) =>
    db.selectFrom('pastes').selectAll().where('slug', '=', args.slug),
  );
  // Creations share their commit with the others of the same event-loop turn (SQLite).
  const insertRow = preparedQuery(
    db,
    (args: PastesTable) =>
      db
        .insertInto('pastes')
        // Every column by name: a prepared query takes its arguments one by one.
        .values({
          id: args.id,
          slug: args.slug,
          content: args.content,
          size: args.size,
          remark: args.remark,
          format: args.format,
          language: args.language,
          password_hash: args.password_hash,
          expires_at: args.expires_at,
          max_views: args.max_views,
          views: args.views,
          created_by: args.created_by,
          created_at: args.created_at,
          updated_at: args.updated_at,
        }),
    { groupCommit: true },
  );
  return {
    /** Every paste, from the counter the triggers keep (no scan of the table). */
    count: async () =>
      Number(
        (
          await db
            .selectFrom('stat_counters')
            .select('value')
            .where('name', '=', 'pastes')
            .executeTakeFirst()
        )?.value ?? 0,
      ),

    insert: async (row: PastesTable) => {
      await insertRow(row);
    },

    findBySlug: async (slug: string) => (await selectBySlug({ slug }))[0],

    findById: (id: string) =>
      db.selectFrom('pastes').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The paste after counting one view, or undefined when it may not be viewed. */
    countView: createViewCounter({ db, table: 'pastes' }),

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
        .where((eb) => finishedAt(eb, now))
        .returning(DELETED_COLUMNS)
        .execute(),
  };
}

export type PastesRepository = ReturnType<typeof createPastesRepository>;
