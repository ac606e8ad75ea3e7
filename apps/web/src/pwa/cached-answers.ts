/**
 * Answers served from the offline cache carry these headers (SPEC §7), and the data the API
 * client returns for them is remembered here, so the UI can say that what it shows is a copy.
 */
export const CACHE_SOURCE_HEADER = 'X-Cache-Source';
export const CACHE_TIME_HEADER = 'X-Cache-Time';
export const OFFLINE_CACHE_SOURCE = 'offline-cache';

/** A Response as the server once sent it, rebuilt from the cache and marked as such. */
export function cachedResponse(body: string, savedAt: number): Response {
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'application/json',
      [CACHE_SOURCE_HEADER]: OFFLINE_CACHE_SOURCE,
      [CACHE_TIME_HEADER]: new Date(savedAt).toISOString(),
    },
  });
}

/** When a response came from the cache, the epoch ms it was saved; else null. */
export function cacheTimeOf(response: Response): number | null {
  if (response.headers.get(CACHE_SOURCE_HEADER) !== OFFLINE_CACHE_SOURCE) {
    return null;
  }
  const time = Date.parse(response.headers.get(CACHE_TIME_HEADER) ?? '');
  return Number.isNaN(time) ? null : time;
}

const savedAtOf = new WeakMap<object, number>();

export function markFromCache(data: unknown, savedAt: number): void {
  if (typeof data === 'object' && data !== null) {
    savedAtOf.set(data, savedAt);
  }
}

/** The epoch ms a value returned by the API client was saved, when it came from the cache. */
export function cachedAt(data: unknown): number | null {
  return typeof data === 'object' && data !== null ? (savedAtOf.get(data) ?? null) : null;
}

export function isFromOfflineCache(data: unknown): boolean {
  return cachedAt(data) !== null;
}
