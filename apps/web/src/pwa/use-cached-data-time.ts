import { type QueryCache, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { cachedAt } from './cached-answers';

/** The oldest save time among the data on screen that came from the offline cache. */
function oldestShownCopy(cache: QueryCache): number | null {
  let oldest: number | null = null;
  for (const query of cache.getAll()) {
    if (query.getObserversCount() === 0) continue;
    const savedAt = cachedAt(query.state.data);
    if (savedAt !== null && (oldest === null || savedAt < oldest)) {
      oldest = savedAt;
    }
  }
  return oldest;
}

/**
 * When shown data is an offline copy, the time it was saved (epoch ms); null once every
 * shown query holds fresh data again.
 */
export function useCachedDataTime(): number | null {
  const cache = useQueryClient().getQueryCache();
  // The cache also reports queries built while another component renders: look afterwards.
  const subscribe = useCallback(
    (listener: () => void) => cache.subscribe(() => queueMicrotask(listener)),
    [cache],
  );
  const snapshot = useCallback(() => oldestShownCopy(cache), [cache]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
