/**
 * Collects items and writes them in batches, off the path of the requests that add them: the
 * items added within `delayMs` of the first one (and while the previous batch was being
 * written) go in one call of `write`, one after another, in the order they came. A delay lets
 * one client's requests in a row (a sync of small files) share a batch, not only concurrent
 * ones. `write` must not throw (it logs its failures): a batch that fails must not stop the
 * next.
 *
 * `drain()` writes what is waiting and answers once everything added before the call is
 * written: what must see those items (a search, a change that has to come after them) awaits
 * it first.
 */
export function createWriteBatcher<T>(
  write: (batch: T[]) => Promise<void>,
  { delayMs = 0 }: { delayMs?: number } = {},
) {
  let waiting: T[] = [];
  let written: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (waiting.length === 0) return written;
    const batch = waiting;
    waiting = [];
    // A write that throws after all (it should log) must not stop the batches after it.
    written = written.then(() => write(batch)).catch(() => {});
    return written;
  }

  return {
    add(item: T): void {
      waiting.push(item);
      if (waiting.length > 1) return;
      if (delayMs === 0) setImmediate(flush);
      // Not holding the process up: a stop drains what waits.
      else setTimeout(flush, delayMs).unref();
    },
    drain: flush,
    /** Items waiting for their batch (metrics, tests). */
    get waiting() {
      return waiting.length;
    },
  };
}

export type WriteBatcher<T> = ReturnType<typeof createWriteBatcher<T>>;
