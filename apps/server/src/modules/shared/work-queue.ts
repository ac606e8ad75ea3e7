/**
 * Runs at most `limit` tasks at once; the others wait their turn in arrival order. For work that
 * is heavy per task (CPU, memory), where taking it all on at once would starve the rest.
 */
export function createWorkQueue(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      running++;
      try {
        return await task();
      } finally {
        next();
      }
    },
    /** Tasks under way and waiting. */
    get load() {
      return { running, waiting: waiting.length };
    },
  };
}
