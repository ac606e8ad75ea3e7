import { AppError } from '../../app/errors';
import { StorageDriverError } from '../storage/drivers/storage-driver.errors';

/** Whether `error` is `echo` or wraps it somewhere down its chain of causes. */
function hasCause(error: unknown, echo: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth++) {
    if (current === echo) return true;
    current = current.cause;
  }
  return false;
}

/**
 * Waits for both sides of a streamed upload: the body piped into the counter (`received`) and
 * the storage writing what comes out of it (`stored`). On failure both have let go of their
 * files and sockets before this rejects, so nothing half-written outlives the answer.
 *
 * Which failure is told: the driver's own pipeline tears the counter down with the raw error it
 * met (ENOSPC on a full disk), and over a real socket that echo reaches `received` before the
 * driver has turned it into its typed error (`storage.full`). When the receiving side failed only
 * with the raw error that the storage's typed error wraps, the typed one is what the client gets;
 * a refusal of our own (too large, no room held) or a client gone away is told as it was.
 */
export async function finishTransfer<T>(
  received: Promise<unknown>,
  stored: Promise<T>,
): Promise<T> {
  const [receiving, storing] = await Promise.allSettled([received, stored]);
  if (storing.status === 'rejected') {
    const receivedError = receiving.status === 'rejected' ? receiving.reason : undefined;
    const isEcho =
      receivedError === undefined ||
      (!(receivedError instanceof AppError) &&
        storing.reason instanceof StorageDriverError &&
        hasCause(storing.reason, receivedError));
    throw isEcho ? storing.reason : receivedError;
  }
  if (receiving.status === 'rejected') throw receiving.reason;
  return storing.value;
}
