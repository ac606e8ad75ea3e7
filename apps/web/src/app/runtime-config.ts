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
 * The path the app is served under (`/sb`), empty at the root. The server writes it into
 * index.html as `<base href="/sb/">` (the path of PUBLIC_URL), so that one build runs under
 * any path; the router's basename, the API's address and the links the app shows start here.
 */
export function appBasePath(): string {
  if (typeof document === 'undefined') return '';
  const base = document.querySelector('base[href]') as HTMLBaseElement | null;
  if (!base) return '';
  return new URL(base.href, window.location.href).pathname.replace(/\/+$/, '');
}

/** The path of one of the app's pages (`/paste/abc`) under the base path, for a plain link. */
export function appPath(path: string): string {
  return `${appBasePath()}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The absolute address of one of the app's pages (`/paste/abc`), under its base path. */
export function appPageUrl(path: string): string {
  return `${window.location.origin}${appPath(path)}`;
}

/**
 * The backend address: the runtime config's `apiBaseUrl`, else a stored `backend_url`, else
 * the page's own origin and base path (the server serves the app and the API together).
 */
export function backendBaseUrl(): string {
  const configured =
    window.__SHAREBIN_CONFIG__?.apiBaseUrl?.trim() || readStoredBackendUrl()?.trim();
  return (configured || `${window.location.origin}${appBasePath()}`).replace(/\/+$/, '');
}

export function apiUrl(path: string): string {
  return `${backendBaseUrl()}${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
}
