import { STORAGE_KEYS } from '@sharebin/shared';

export const API_PREFIX = '/api';

function readStoredBackendUrl(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.backendUrl);
  } catch {
    return null;
  }
}

/** Saves the backend address the environment switcher chose; null goes back to this origin. */
export function storeBackendUrl(url: string | null): void {
  try {
    if (url === null) window.localStorage.removeItem(STORAGE_KEYS.backendUrl);
    else window.localStorage.setItem(STORAGE_KEYS.backendUrl, url);
  } catch {
    // Storage unavailable: the app keeps using the address it has.
  }
}

/** True when runtime-config.js names the backend: a stored address is then not used. */
export function backendSetByRuntimeConfig(): boolean {
  return Boolean(window.__SHAREBIN_CONFIG__?.apiBaseUrl?.trim());
}

/**
 * The backend address: the runtime config's `apiBaseUrl`, else a stored `backend_url`, else
 * the page's own origin (the server serves the app and the API together).
 */
export function backendBaseUrl(): string {
  const configured =
    window.__SHAREBIN_CONFIG__?.apiBaseUrl?.trim() || readStoredBackendUrl()?.trim();
  return (configured || window.location.origin).replace(/\/+$/, '');
}

export function apiUrl(path: string): string {
  return `${backendBaseUrl()}${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
}
