import { fileTooLarge, storageInsufficient } from '../files/files.errors';
import type { Clock } from '../shared/clock';
import { newId } from '../shared/crypto';
import type { FsUploadsTable } from '../shared/db.schema';
import { currentProcess, type ProcessIdentity } from '../shared/process-identity';
import { holdOrRefuse, reservingCounter } from '../uploads/held-bytes';
import type { FsUploadsRepository } from '../uploads/mount-target/mount-uploads.repository';
import type { MountLocation } from './fs-locator.usecases';

/** SPEC §3 total capacity: refused before a byte is stored, as `POST /api/upload` is. */
export function createFsQuota({
  uploads,
  capacityOf,
  clock,
  owner = currentProcess,
}: {
  uploads: FsUploadsRepository;
  /** No database read; null means no capacity, so writes cost no transaction. */
  capacityOf: (storageConfigId: string) => Promise<number | null>;
  clock: Clock;
  /** The process that streams writes (`streamed`): theirs are swept once it is gone. */
  owner?: ProcessIdentity;
}) {
  function newRow(location: MountLocation): FsUploadsTable {
    const now = clock.now();
    return {
      id: newId(),
      storage_config_id: location.mount.storage_config_id,
      storage_key: location.key,
      upload_id: null,
      size: 0,
      created_at: now,
      last_activity_at: now,
      owner_process: null,
      fingerprint: null,
      owner: null,
    };
  }

  const hold = (row: FsUploadsTable, size: number, exactly = size) =>
    holdOrRefuse((bytes) => uploads.reserve(row, bytes), size, exactly);

  const unlimited = async (location: MountLocation) =>
    (await capacityOf(location.mount.storage_config_id)) === null;

  /**
   * Local only (the driver sweeps its temp file); S3 writes need their row from the start so a
   * multipart is known to the sweep even if the process dies before its id is recorded.
   */
  function unheldStream(maxBytes: number) {
    const { counter } = reservingCounter({
      held: maxBytes,
      limit: maxBytes,
      refusal: () => fileTooLarge(maxBytes),
      reserve: async (size) => size,
      activity: { clock, since: clock.now(), note: async () => {} },
    });
    return { counter, onMultipartStarted: async () => {}, release: async () => {} };
  }

  /** `owned` names this process, so a crash releases the hold at next start, not after a day. */
  async function whileHolding<T>(
    location: MountLocation,
    size: number,
    write: () => Promise<T>,
    { owned = false }: { owned?: boolean } = {},
  ) {
    if (size === 0 || (await unlimited(location))) return write();
    const row = { ...newRow(location), owner_process: owned ? owner.id : null };
    await hold(row, size);
    try {
      return await write();
    } finally {
      await uploads.remove(row.id);
    }
  }

  return {
    whileHolding,

    /** Refuses unless `size` more bytes fit in the location's storage now. */
    ensureRoom: (location: MountLocation, size: number) =>
      whileHolding(location, size, async () => {}),

    /**
     * Unknown length: holds bytes as they arrive; always `release`. The row names this process,
     * so the next start sweeps it after a crash (fs-uploads.housekeeping).
     */
    async streamed(location: MountLocation, maxBytes: number) {
      const row = { ...newRow(location), owner_process: owner.id };
      if (location.mount.storage_type === 'local' && (await unlimited(location))) {
        return unheldStream(maxBytes);
      }
      const { capacity, heldByOthers } = await uploads.reserve(row, 0);
      const remaining = capacity === null ? null : Math.max(0, capacity - heldByOthers);
      const { counter } = reservingCounter({
        held: 0,
        limit: remaining === null ? maxBytes : Math.min(maxBytes, remaining),
        refusal: (size) => {
          if (size > maxBytes) return fileTooLarge(maxBytes);
          if (remaining !== null) return storageInsufficient(size, remaining, capacity ?? 0);
          return undefined;
        },
        reserve: (size, exactly) => hold(row, size, exactly),
        activity: {
          clock,
          since: row.last_activity_at,
          note: (now) => uploads.noteActivity(row.id, now),
        },
      });
      return {
        counter,
        /** For the storage's `put`: the multipart upload it starts is known before its parts. */
        onMultipartStarted: (uploadId: string) => uploads.setUploadId(row.id, uploadId),
        release: () => uploads.remove(row.id),
      };
    },

    /** Nothing is started without room; the id is kept so housekeeping can abort an orphan. */
    async startMultipart(
      location: MountLocation,
      size: number,
      begin: () => Promise<string>,
      resumable: Pick<FsUploadsTable, 'fingerprint' | 'owner'> = { fingerprint: null, owner: null },
    ): Promise<string> {
      const row = { ...newRow(location), ...resumable };
      await hold(row, size);
      try {
        const uploadId = await begin();
        await uploads.setUploadId(row.id, uploadId);
        return uploadId;
      } catch (error) {
        await uploads.remove(row.id);
        throw error;
      }
    },

    /** The held bytes of a multipart upload, held again (a capacity lowered meanwhile refuses). */
    async confirmMultipart(location: MountLocation, uploadId: string, size: number) {
      const found = await uploads.findMultipart(
        location.mount.storage_config_id,
        location.key,
        uploadId,
      );
      await hold(found ?? { ...newRow(location), upload_id: uploadId }, size);
    },

    /** A part arrived: the upload is alive, whatever its age. */
    async noteMultipartActivity(location: MountLocation, uploadId: string) {
      const found = await uploads.findMultipart(
        location.mount.storage_config_id,
        location.key,
        uploadId,
      );
      if (found) await uploads.noteActivity(found.id, clock.now());
    },

    /** The upload completed or was aborted: its bytes are no longer held. */
    async endMultipart(location: MountLocation, uploadId: string) {
      const found = await uploads.findMultipart(
        location.mount.storage_config_id,
        location.key,
        uploadId,
      );
      if (found) await uploads.remove(found.id);
    },
  };
}

export type FsQuota = ReturnType<typeof createFsQuota>;
