import { fileTooLarge, storageInsufficient } from '../files/files.errors';
import type { Clock } from '../shared/clock';
import { newId } from '../shared/crypto';
import type { FsUploadsTable } from '../shared/db.schema';
import { currentProcess, type ProcessIdentity } from '../shared/process-identity';
import { holdOrRefuse, reservingCounter } from '../uploads/held-bytes';
import type { FsUploadsRepository } from '../uploads/mount-target/mount-uploads.repository';
import type { MountLocation } from './fs-locator.usecases';

/**
 * The storage capacity (SPEC §3 total capacity) for writes through the file system: a write
 * holds its bytes in `fs_uploads` beside what file shares hold, or is refused before a byte is
 * stored, as `POST /api/upload` is (`storage.insufficient`, with the numbers).
 */
export function createFsQuota({
  uploads,
  capacityOf,
  clock,
  owner = currentProcess,
}: {
  uploads: FsUploadsRepository;
  /**
   * A storage's capacity as the storage resolver holds it (no database read); null: none. A
   * storage without one holds nothing, so its writes cost no transaction.
   */
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
    };
  }

  const hold = (row: FsUploadsTable, size: number, exactly = size) =>
    holdOrRefuse((bytes) => uploads.reserve(row, bytes), size, exactly);

  const unlimited = async (location: MountLocation) =>
    (await capacityOf(location.mount.storage_config_id)) === null;

  /**
   * A streamed write to a local storage without a capacity: bytes are only counted against
   * `maxBytes`, and no row is written (its temp file is swept by the driver after a crash).
   * S3 writes keep their row from the start: a multipart upload the storage starts must be
   * known to the sweep even if the process dies before its id is recorded.
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

  /**
   * Runs `write` holding `size` bytes of the location's storage. `owned`: the hold names this
   * process, so that a crash mid-write releases it at the next start (`sweepAbandoned`) rather
   * than after a day; for a body the request itself writes.
   */
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
     * For a write of unknown length: a counter to pipe the bytes through, which holds the
     * storage for them as they arrive and fails the stream past `maxBytes` or the room left.
     * `release` once the write is over, whatever its outcome. The row names this process as its
     * owner: if the process dies mid-write, the next start sweeps it (fs-uploads.housekeeping).
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

    /**
     * Holds `size` bytes for a multipart upload from its start: `begin` starts it in the
     * storage (nothing is started when there is no room) and answers its upload id, kept so
     * that the housekeeping can abort the upload if it is never completed nor aborted.
     */
    async startMultipart(
      location: MountLocation,
      size: number,
      begin: () => Promise<string>,
    ): Promise<string> {
      const row = newRow(location);
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
