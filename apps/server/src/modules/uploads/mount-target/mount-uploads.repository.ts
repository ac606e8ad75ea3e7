import { UPLOAD_ACTIVITY_RESOLUTION_MS } from '../../files/files.repository';
import type { Db } from '../../shared/db';
import type { FsUploadsTable } from '../../shared/db.schema';
import { type CapacityOutcome, checkRoom } from '../../storage/configs/capacity.sql';

/** File-system writes under way (`fs_uploads`): what each holds, and its multipart upload. */
export function createFsUploadsRepository({ db }: { db: Db }) {
  return {
    /**
     * Sets the write's held bytes to `size` (creating its row) if its storage has the room beside
     * what shares and other writes hold; answers the numbers either way.
     */
    reserve: (row: FsUploadsTable, size: number): Promise<CapacityOutcome> =>
      db.transaction().execute(async (trx) => {
        const outcome = await checkRoom(trx, row.storage_config_id, size, { fsUploadId: row.id });
        if (outcome.granted) {
          await trx
            .insertInto('fs_uploads')
            .values({ ...row, size })
            .onConflict((conflict) => conflict.column('id').doUpdateSet({ size }))
            .execute();
        }
        return outcome;
      }),

    setUploadId: async (id: string, uploadId: string) => {
      await db
        .updateTable('fs_uploads')
        .set({ upload_id: uploadId })
        .where('id', '=', id)
        .execute();
    },

    /** At most one write a minute per upload, however many parts arrive. */
    noteActivity: async (id: string, now: number) => {
      await db
        .updateTable('fs_uploads')
        .set({ last_activity_at: now })
        .where('id', '=', id)
        .where('last_activity_at', '<=', now - UPLOAD_ACTIVITY_RESOLUTION_MS)
        .execute();
    },

    findMultipart: (storageConfigId: string, storageKey: string, uploadId: string) =>
      db
        .selectFrom('fs_uploads')
        .selectAll()
        .where('storage_config_id', '=', storageConfigId)
        .where('storage_key', '=', storageKey)
        .where('upload_id', '=', uploadId)
        .executeTakeFirst(),

    /** The multipart `owner` started for the file `fingerprint` names, if it is still held. */
    findResumable: (
      where: Pick<FsUploadsTable, 'storage_config_id' | 'storage_key' | 'size'>,
      owner: string,
      fingerprint: string,
    ) =>
      db
        .selectFrom('fs_uploads')
        .selectAll()
        .where('storage_config_id', '=', where.storage_config_id)
        .where('storage_key', '=', where.storage_key)
        .where('size', '=', where.size)
        .where('owner', '=', owner)
        .where('fingerprint', '=', fingerprint)
        .where('upload_id', 'is not', null)
        .orderBy('last_activity_at', 'desc')
        .executeTakeFirst(),

    /** Resumable multiparts in a storage (all, or `owner`'s): a handful, filtered by folder after. */
    findResumableIn: (storageConfigId: string, owner: string | null) => {
      let query = db
        .selectFrom('fs_uploads')
        .selectAll()
        .where('storage_config_id', '=', storageConfigId)
        .where('fingerprint', 'is not', null)
        .where('upload_id', 'is not', null);
      if (owner !== null) query = query.where('owner', '=', owner);
      return query.orderBy('created_at').execute();
    },

    /** Writes idle since before `before`: abandoned (a client gone, a process that stopped). */
    findIdle: (before: number) =>
      db.selectFrom('fs_uploads').selectAll().where('last_activity_at', '<', before).execute(),

    /** Writes a process streams (not those a client drives), for the sweep of abandoned ones. */
    findStreamed: () =>
      db.selectFrom('fs_uploads').selectAll().where('owner_process', 'is not', null).execute(),

    /** Every multipart upload id a write holds in `storageConfigId`. */
    uploadIdsOf: async (storageConfigId: string) =>
      (
        await db
          .selectFrom('fs_uploads')
          .select('upload_id')
          .where('storage_config_id', '=', storageConfigId)
          .where('upload_id', 'is not', null)
          .execute()
      ).map((row) => row.upload_id as string),

    remove: async (id: string) => {
      await db.deleteFrom('fs_uploads').where('id', '=', id).execute();
    },
  };
}

export type FsUploadsRepository = ReturnType<typeof createFsUploadsRepository>;
