import type { Transaction } from 'kysely';
import type { Database } from '../../shared/db.schema';

/**
 * A storage's capacity, read by writing its row: on PostgreSQL that locks the row, so parallel
 * reservations on one storage run one after another and cannot both take the last bytes (SQLite
 * runs one write transaction at a time anyway). Null: no capacity set (or no such storage).
 */
export async function lockedCapacity(
  trx: Transaction<Database>,
  storageConfigId: string,
): Promise<number | null> {
  const config = await trx
    .updateTable('storage_configs')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', storageConfigId)
    .returning('total_capacity_bytes')
    .executeTakeFirst();
  return config?.total_capacity_bytes ?? null;
}

/**
 * Bytes a storage holds for file shares (live or uploading) and for file-system writes under
 * way, leaving out the share or the write that asks (`except`).
 */
export async function heldBytes(
  trx: Transaction<Database>,
  storageConfigId: string,
  except: { shareId?: string; fsUploadId?: string },
): Promise<number> {
  let shares = trx
    .selectFrom('file_shares')
    .select((eb) => eb.fn.sum<number>('size').as('held'))
    .where('storage_config_id', '=', storageConfigId);
  if (except.shareId) shares = shares.where('id', '!=', except.shareId);
  let writes = trx
    .selectFrom('fs_uploads')
    .select((eb) => eb.fn.sum<number>('size').as('held'))
    .where('storage_config_id', '=', storageConfigId);
  if (except.fsUploadId) writes = writes.where('id', '!=', except.fsUploadId);
  const bySharing = await shares.executeTakeFirstOrThrow();
  const byWrites = await writes.executeTakeFirstOrThrow();
  return Number(bySharing.held ?? 0) + Number(byWrites.held ?? 0);
}

/** What a reservation learnt: granted or not, and the numbers a refusal reports. */
export interface CapacityOutcome {
  granted: boolean;
  heldByOthers: number;
  capacity: number | null;
}

/** Whether `size` more bytes fit beside what others hold. */
export async function checkRoom(
  trx: Transaction<Database>,
  storageConfigId: string,
  size: number,
  except: { shareId?: string; fsUploadId?: string },
): Promise<CapacityOutcome> {
  const capacity = await lockedCapacity(trx, storageConfigId);
  // Without a capacity nothing can be refused: the sums over every share are not needed.
  if (capacity === null) return { granted: true, heldByOthers: 0, capacity };
  const heldByOthers = await heldBytes(trx, storageConfigId, except);
  return { granted: capacity === null || heldByOthers + size <= capacity, heldByOthers, capacity };
}
