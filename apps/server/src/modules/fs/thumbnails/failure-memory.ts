/** How long a picture that could not be made is not tried again, while its file is unchanged. */
const FAILURE_MEMORY_MS = 10 * 60_000;
/** Failures remembered at most; the oldest are forgotten first. */
const FAILURES_KEPT = 10_000;

/**
 * Pictures that could not be made (a damaged file, a tool that failed), by the cache key of
 * their file version and size: asking again within FAILURE_MEMORY_MS costs nothing.
 */
export function createFailureMemory() {
  const until = new Map<string, number>();
  return {
    remember(key: string) {
      until.delete(key);
      until.set(key, Date.now() + FAILURE_MEMORY_MS);
      for (const oldest of until.keys()) {
        if (until.size <= FAILURES_KEPT) break;
        until.delete(oldest);
      }
    },
    failedLately: (key: string) => (until.get(key) ?? 0) > Date.now(),
  };
}
