/**
 * Thrown by the API client for a GET that failed on the network while the browser is offline
 * and that has no copy in the offline cache. The router's error element answers it with the
 * offline page (SPEC §2), not with a generic error.
 */
export class OfflineUnavailableError extends Error {
  /** The API path that could not be fetched, for the page name and the log. */
  readonly path: string;

  constructor(path: string) {
    super(`Offline and not cached: ${path}`);
    this.name = 'OfflineUnavailableError';
    this.path = path;
  }
}

export function isOfflineUnavailable(error: unknown): error is OfflineUnavailableError {
  return error instanceof OfflineUnavailableError;
}
