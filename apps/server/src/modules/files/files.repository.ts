import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../shared/db';
import type { Database, FileSharesTable } from '../shared/db.schema';
import { preparedQuery } from '../shared/prepared-query';
import { containsPattern, lowerLike } from '../shared/sql-search';

export interface FileListFilter {
  /** Creator tags whose shares to list; all when absent. */
  createdBy?: string[];
  search?: string;
  limit: number;
  offset: number;
}

function matches(filter: Pick<FileListFilter, 'createdBy' | 'search'>) {
  return (eb: ExpressionBuilder<Database, 'file_shares'>) => {
    const conditions = [eb('status', '=', 'live')];
    if (filter.createdBy) conditions.push(eb('created_by', 'in', filter.createdBy));
    if (filter.search) {
      const pattern = containsPattern(filter.search);
      conditions.push(
        eb.or([
          lowerLike('filename', pattern),
          lowerLike('slug', pattern),
          lowerLike('remark', pattern),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

/** One counted view of a live share, in one conditional update (ARCHITECTURE.md §4). */
function countViewQuery(db: Db, passwordless: boolean) {
  return preparedQuery(db, (args: { slug: string; now: number }) => {
    let query = db
      .updateTable('file_shares')
      .set((eb) => ({ views: eb('views', '+', 1) }))
      .where('slug', '=', args.slug)
      .where('status', '=', 'live')
      .where((eb) => eb.or([eb('max_views', '=', 0), eb('views', '<', eb.ref('max_views'))]))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', args.now)]));
    if (passwordless) query = query.where('password_hash', 'is', null);
    return query.returningAll();
  });
}

export function createFilesRepository({ db }: { db: Db }) {
  const countViewOpen = countViewQuery(db, true);
  const countViewAny = countViewQuery(db, false);
  return {
    insert: async (row: FileSharesTable) => {
      await db.insertInto('file_shares').values(row).execute();
    },

    findById: (id: string) =>
      db.selectFrom('file_shares').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Live shares only: one being uploaded is nobody's business yet. */
    findLiveBySlug: (slug: string) =>
      db
        .selectFrom('file_shares')
        .selectAll()
        .where('slug', '=', slug)
        .where('status', '=', 'live')
        .executeTakeFirst(),

    countView: async (input: { slug: string; now: number; passwordless: boolean }) =>
      (
        await (input.passwordless ? countViewOpen : countViewAny)({
          slug: input.slug,
          now: input.now,
        })
      )[0],

    async list(filter: FileListFilter) {
      const rows = await db
        .selectFrom('file_shares')
        .selectAll()
        .where(matches(filter))
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      const { total } = await db
        .selectFrom('file_shares')
        .select((eb) => eb.fn.countAll().as('total'))
        .where(matches(filter))
        .executeTakeFirstOrThrow();
      return { rows, total: Number(total) };
    },

    update: async (
      id: string,
      changes: Partial<Omit<FileSharesTable, 'id' | 'created_by' | 'created_at'>>,
    ) => {
      await db.updateTable('file_shares').set(changes).where('id', '=', id).execute();
    },

    findManyOwned: (ids: string[], createdBy?: string[]) => {
      let query = db.selectFrom('file_shares').selectAll().where('id', 'in', ids);
      if (createdBy) query = query.where('created_by', 'in', createdBy);
      return query.execute();
    },

    deleteMany: async (ids: string[]) => {
      if (ids.length === 0) return 0;
      return Number(
        (await db.deleteFrom('file_shares').where('id', 'in', ids).executeTakeFirst())
          .numDeletedRows,
      );
    },

    /** Deletes the record only while it is still uploading; answers whether it did. */
    deleteIfUploading: async (id: string) =>
      Number(
        (
          await db
            .deleteFrom('file_shares')
            .where('id', '=', id)
            .where('status', '=', 'uploading')
            .executeTakeFirst()
        ).numDeletedRows,
      ) > 0,

    uploadIdsInProgress: async () =>
      (
        await db
          .selectFrom('file_shares')
          .select('upload_id')
          .where('status', '=', 'uploading')
          .where('upload_id', 'is not', null)
          .execute()
      ).map((row) => row.upload_id as string),

    /** Live shares that expired or used up their views; uploads abandoned before `staleBefore`. */
    findFinished: (now: number, staleBefore: number) =>
      db
        .selectFrom('file_shares')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'uploading'), eb('created_at', '<', staleBefore)]),
            eb.and([
              eb('status', '=', 'live'),
              eb.or([
                eb('expires_at', '<=', now),
                eb.and([eb('max_views', '>', 0), eb('views', '>=', eb.ref('max_views'))]),
              ]),
            ]),
          ]),
        )
        .limit(500)
        .execute(),
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
