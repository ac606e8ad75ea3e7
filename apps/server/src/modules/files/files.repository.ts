import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../shared/db';
import type { Database, FileSharesTable } from '../shared/db.schema';
import { containsPattern, lowerLike } from '../shared/sql-search';
import { createViewCounter, finishedAt } from '../shares/shares.sql';

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

export function createFilesRepository({ db }: { db: Db }) {
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

    /** One counted view of a live share, or undefined when it may not be viewed. */
    countView: createViewCounter({
      db,
      table: 'file_shares',
      scope: sql<boolean>`status = ${'live'}`,
    }),

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

    /**
     * Makes an upload live, only while it is still uploading: a record the clean-up (or the
     * uploader's own clean-up call) removed meanwhile stays gone. Answers whether it went live.
     */
    goLive: async (
      id: string,
      changes: Partial<Omit<FileSharesTable, 'id' | 'created_by' | 'created_at'>>,
    ) =>
      Number(
        (
          await db
            .updateTable('file_shares')
            .set({ ...changes, status: 'live' })
            .where('id', '=', id)
            .where('status', '=', 'uploading')
            .executeTakeFirst()
        ).numUpdatedRows,
      ) > 0,

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
            eb.and([eb('status', '=', 'live'), finishedAt(eb, now)]),
          ]),
        )
        .limit(500)
        .execute(),
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
