import { type FileShare, isCreator, type Principal } from '@sharebin/shared';
import type { FileSharesTable } from '../shared/db.schema';
import type { ShareTombstones } from '../shares/share-tombstones';
import type { StorageUseCases } from '../storage/configs/storage.usecases';
import type { ObjectDeletions } from '../storage/deletions/object-deletions.usecases';
import { fileNotFound } from './files.errors';
import { toFileShare } from './files.models';
import type { FilesRepository } from './files.repository';

export interface FileRecordsDeps {
  repository: FilesRepository;
  storage: Pick<StorageUseCases, 'deliveryOf'>;
  tombstones: ShareTombstones;
  objectDeletions: Pick<ObjectDeletions, 'deleteOrQueue' | 'queueEntries' | 'deleteQueued'>;
}

/**
 * What file shares, the upload flows and the clean-up all do with a share record: find the
 * caller's own, describe it as the API shows it, and delete it with its object.
 */
export function createFileRecords({
  repository,
  storage,
  tombstones,
  objectDeletions,
}: FileRecordsDeps) {
  const objectOf = (row: FileSharesTable) => ({
    configId: row.storage_config_id,
    key: row.storage_path,
    uploadId: row.upload_id,
  });

  /**
   * Removes objects that no record refers to (a copy, an upload whose record is gone). A storage
   * hiccup is retried by the housekeeping job.
   */
  async function deleteObjects(rows: FileSharesTable[]) {
    await objectDeletions.deleteOrQueue(rows.map(objectOf));
  }

  /**
   * Removes share records with their objects: each record goes in the transaction that queues
   * its object for deletion, then the objects are deleted at once (what a storage refuses stays
   * queued). `rows` are the caller's view of the records (an upload it completed has no upload
   * to abort any more). Answers the records deleted; `onlyUploading` spares those gone live.
   */
  async function removeShares(rows: FileSharesTable[], options: { onlyUploading?: boolean } = {}) {
    const { deletedIds, queued } = await repository.removeQueueingObjects(
      rows.map((row) => row.id),
      (deletedIds) =>
        objectDeletions.queueEntries(rows.filter((row) => deletedIds.has(row.id)).map(objectOf)),
      options,
    );
    await objectDeletions.deleteQueued(queued);
    return rows.filter((row) => deletedIds.has(row.id));
  }

  /** Shares as the API shows them, with each storage's object address (one lookup per storage). */
  async function describeShares(rows: FileSharesTable[]): Promise<FileShare[]> {
    const urlMakers = new Map<string, Promise<(key: string) => string | null>>();
    return Promise.all(
      rows.map(async (row) => {
        let objectUrl = urlMakers.get(row.storage_config_id);
        if (!objectUrl) {
          objectUrl = storage.deliveryOf(row.storage_config_id).then((d) => d.objectUrl);
          urlMakers.set(row.storage_config_id, objectUrl);
        }
        return toFileShare(row, (await objectUrl)(row.storage_path));
      }),
    );
  }

  return {
    deleteObjects,
    removeShares,
    describeShares,

    describeShare: async (row: FileSharesTable) => (await describeShares([row]))[0] as FileShare,

    /** The record and its object (an upload in progress is aborted in the storage). */
    async discard(row: FileSharesTable) {
      // A record removed meanwhile (the clean-up, an admin) left what this upload stored since.
      if ((await removeShares([row])).length === 0) await deleteObjects([row]);
    },

    /** Deleted shares that had been live keep why they could no longer be viewed. */
    settleDeleted: (rows: FileSharesTable[]) =>
      tombstones.settle(
        'file',
        rows.filter((row) => row.status === 'live'),
      ),

    /** The caller's own record; another key's answers like a missing one. */
    async requireOwned(principal: Principal, id: string) {
      const row = await repository.findById(id);
      if (!row || !isCreator(principal, row.created_by)) throw fileNotFound();
      return row;
    },
  };
}

export type FileRecords = ReturnType<typeof createFileRecords>;
