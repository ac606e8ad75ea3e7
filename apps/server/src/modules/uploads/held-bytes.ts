import { Transform } from 'node:stream';
import { fileTooLarge, storageInsufficient } from '../files/files.errors';
import { UPLOAD_ACTIVITY_RESOLUTION_MS } from '../files/files.repository';
import type { Clock } from '../shared/clock';
import type { CapacityOutcome } from '../storage/configs/capacity.sql';

/**
 * How far a streamed upload's reservation runs ahead of the bytes that arrived: one write per
 * step, not per chunk.
 */
export const RESERVATION_STEP_BYTES = 4 * 1024 * 1024;

/**
 * Holds `size` bytes of a storage for an upload with `reserve`, else `exactly` bytes (fewer),
 * else refuses as `storage.insufficient` with the numbers. Answers the bytes held.
 */
export async function holdOrRefuse(
  reserve: (size: number) => Promise<CapacityOutcome>,
  size: number,
  exactly = size,
): Promise<number> {
  let outcome = await reserve(size);
  if (!outcome.granted && exactly < size) {
    size = exactly;
    outcome = await reserve(size);
  }
  const { granted, heldByOthers, capacity } = outcome;
  if (!granted) {
    throw storageInsufficient(exactly, Math.max(0, (capacity ?? 0) - heldByOthers), capacity ?? 0);
  }
  return size;
}

/**
 * Counts a streamed upload's bytes and holds storage for them before they pass on to the
 * storage: the reservation grows a step ahead of the bytes (to the exact count near the
 * capacity), so parallel uploads of unknown length cannot store more than the storage holds.
 * Past `limit` the stream fails with `refusal`'s error. Activity is noted as bytes arrive, so
 * that a slow upload that still moves is not taken for a stale one.
 */
export function reservingCounter({
  held,
  limit,
  refusal,
  reserve,
  activity,
}: {
  /** Bytes held before the first one arrives. */
  held: number;
  limit: number;
  refusal: (size: number) => Error | undefined;
  /** Holds `size` bytes, else `exactly`; answers what it holds (see `holdOrRefuse`). */
  reserve: (size: number, exactly: number) => Promise<number>;
  activity: { clock: Clock; since: number; note: (now: number) => Promise<unknown> };
}) {
  let seen = 0;
  let noted = activity.since;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      const now = activity.clock.now();
      if (now - noted >= UPLOAD_ACTIVITY_RESOLUTION_MS) {
        noted = now;
        activity.note(now).catch(() => {});
      }
      if (seen > limit) return callback(refusal(seen) ?? fileTooLarge(limit));
      if (seen <= held) return callback(null, chunk);
      reserve(Math.min(limit, seen + RESERVATION_STEP_BYTES), seen).then((size) => {
        held = size;
        callback(null, chunk);
      }, callback);
    },
  });
  return { counter, bytes: () => seen };
}
