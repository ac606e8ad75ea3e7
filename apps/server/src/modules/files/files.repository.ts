import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../shared/db';
import type { Database, FileSharesTable, PendingDeletionsTable } from '../shared/db.schema';
import { preparedQuery } from '../shared/prepared-query';
import { containsPattern, lowerLike } from '../shared/sql-search';
import { createViewCounter, finishedAt } from '../shares/shares.sql';
import { checkRoom } from '../storage/configs/capacity.sql';
import { createPendingDeletionsRepository } from '../storage/deletions/pending-deletions.repository';

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

/** At most one activity write a minute, however many chunks arrive. */
export const UPLOAD_ACTIVITY_RESOLUTION_MS = 60_000;

export function createFilesRepository({ db }: { db: Db }) {
  // Every write to a mount asks it (what the write would take from shares): compiled once.
  const countAtOrBelow = preparedQuery(
    db,
    (args: { storageConfigId: string; key: string; below: string; length: number }) =>
      db
        .selectFrom('file_shares')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('storage_config_id', '=', args.storageConfigId)
        .where((eb) =>
          eb.or([
            eb('storage_path', '=', args.key),
            eb(eb.fn('substr', ['storage_path', eb.val(1), eb.val(args.length)]), '=', args.below),
          ]),
        ),
  );
  return {
    /** Uploads under way included: what a rename, move or delete there would take from shares. */
    async countAtOrBelow(storageConfigId: string, key: string): Promise<number> {
      const below = `${key}/`;
      const [row] = await countAtOrBelow({ storageConfigId, key, below, length: below.length });
      return Number(row?.count ?? 0);
    },

    /** Live file shares, from the per-storage totals the triggers keep (no scan of the table). */
    countLive: async () =>
      Number(
        (
          await db
            .selectFrom('storage_usage')
            .select((eb) => eb.fn.sum<number>('files').as('files'))
            .executeTakeFirstOrThrow()
        ).files ?? 0,
      ),

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

    /** `created_by`'s share still uploading this file (resumable-uploads.ts), if any. */
    findResumable: (
      where: Pick<
        FileSharesTable,
        'created_by' | 'storage_config_id' | 'path' | 'filename' | 'size'
      > & { upload_fingerprint: string },
    ) =>
      db
        .selectFrom('file_shares')
        .selectAll()
        .where('status', '=', 'uploading')
        .where('upload_id', 'is not', null)
        .where('created_by', '=', where.created_by)
        .where('storage_config_id', '=', where.storage_config_id)
        .where('path', '=', where.path)
        .where('filename', '=', where.filename)
        .where('size', '=', where.size)
        .where('upload_fingerprint', '=', where.upload_fingerprint)
        .orderBy('last_activity_at', 'desc')
        .executeTakeFirst(),

    update: async (
      id: string,
      changes: Partial<Omit<FileSharesTable, 'id' | 'created_by' | 'created_at'>>,
    ) => {
      await db.updateTable('file_shares').set(changes).where('id', '=', id).execute();
    },

    /** Only while still uploading: a record cleaned up meanwhile stays gone. */
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

    /** `checkRoom` locks the storage, so concurrent reservations cannot overbook it. */
    reserveSize: (row: Pick<FileSharesTable, 'id' | 'storage_config_id'>, size: number) =>
      db.transaction().execute(async (trx) => {
        const outcome = await checkRoom(trx, row.storage_config_id, size, { shareId: row.id });
        if (outcome.granted) {
          await trx.updateTable('file_shares').set({ size }).where('id', '=', row.id).execute();
        }
        return outcome;
      }),

    findManyOwned: (ids: string[], createdBy?: string[]) => {
      let query = db.selectFrom('file_shares').selectAll().where('id', 'in', ids);
      if (createdBy) query = query.where('created_by', 'in', createdBy);
      return query.execute();
    },

    /** One transaction: no object forgotten by a deleted record, none queued for a kept one. */
    removeQueueingObjects: (
      ids: string[],
      queue: (deletedIds: Set<string>) => PendingDeletionsTable[],
      { onlyUploading = false } = {},
    ) =>
      db.transaction().execute(async (trx) => {
        if (ids.length === 0) return { deletedIds: new Set<string>(), queued: [] };
        let remove = trx.deleteFrom('file_shares').where('id', 'in', ids);
        if (onlyUploading) remove = remove.where('status', '=', 'uploading');
        const deleted = await remove.returning('id').execute();
        const deletedIds = new Set(deleted.map((row) => row.id));
        const queued = queue(deletedIds);
        await createPendingDeletionsRepository({ db: trx }).insert(queued);
        return { deletedIds, queued };
      }),

    /** By id, or storage and key for signed part URLs; a no-op within a resolution step. */
    noteUploadActivity: async (
      upload: { id: string } | { storage_config_id: string; storage_path: string },
      now: number,
    ) => {
      let query = db
        .updateTable('file_shares')
        .set({ last_activity_at: now })
        .where('status', '=', 'uploading')
        .where('last_activity_at', '<=', now - UPLOAD_ACTIVITY_RESOLUTION_MS);
      query =
        'id' in upload
          ? query.where('id', '=', upload.id)
          : query
              .where('storage_config_id', '=', upload.storage_config_id)
              .where('storage_path', '=', upload.storage_path);
      await query.execute();
    },

    uploadIdsInProgress: async () =>
      (
        await db
          .selectFrom('file_shares')
          .select('upload_id')
          .where('status', '=', 'uploading')
          .where('upload_id', 'is not', null)
          .execute()
      ).map((row) => row.upload_id as string),

    /** Uploads this server's processes stream themselves (the form upload), not yet live. */
    findStreamedUploads: () =>
      db
        .selectFrom('file_shares')
        .selectAll()
        .where('status', '=', 'uploading')
        .where('owner_process', 'is not', null)
        .execute(),

    /** Live shares that expired or used up their views; uploads idle since before `staleBefore`. */
    findFinished: (now: number, staleBefore: number) =>
      db
        .selectFrom('file_shares')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'uploading'), eb('last_activity_at', '<', staleBefore)]),
            eb.and([eb('status', '=', 'live'), finishedAt(eb, now)]),
          ]),
        )
        .limit(500)
        .execute(),
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
