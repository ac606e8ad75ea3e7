/** The queue's waiting list is full: the task was not taken. */
export class WorkQueueFull extends Error {
  constructor() {
    super('The work queue is full');
  }
}

/**
 * Runs at most `limit` tasks at once; the others wait their turn in arrival order. For work that
 * is heavy per task (CPU, memory), where taking it all on at once would starve the rest. With
 * `maxWaiting`, a task finding that many already waiting is refused (`WorkQueueFull`) rather
 * than queued behind them; a task whose `signal` aborts while it waits leaves the queue (its
 * caller went away) and rejects with the signal's reason.
 */
export function createWorkQueue(limit: number, { maxWaiting = Infinity } = {}) {
  let running = 0;
  const waiting: Array<() => void> = [];

  function turn(signal: AbortSignal | undefined): Promise<void> {
    if (waiting.length >= maxWaiting) return Promise.reject(new WorkQueueFull());
    signal?.throwIfAborted();
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        waiting.splice(waiting.indexOf(start), 1);
        reject(signal?.reason);
      };
      const start = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      waiting.push(start);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  return {
    async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      // A task that waited is handed its place by the one that ended (`running` unchanged), so
      // nobody arriving in between takes it.
      if (running >= limit) await turn(signal);
      else running++;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    /** Tasks under way and waiting. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
