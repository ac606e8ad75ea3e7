import { OFFLINE_API_CACHE_PREFIX } from '@sharebin/shared';
import type { OfflineStore } from './offline-db';

/** Where an API answer is kept: a store and the record's key there (after the owner). */
export interface CacheTarget {
  store: OfflineStore;
  key: string;
}

/**
 * API paths (after `/api`) never cached. SPEC §7: system, health, version, file download and
 * view, office preview, fs preview and download. Also ours: credential checks (a revalidation
 * answered from the cache would vouch for a session the server never saw), and every address
 * that hands out signed links or bytes, which expire or are not JSON.
 */
const EXCLUDED_PATHS: readonly RegExp[] = [
  /^\/system(\/|$)/,
  /^\/health$/,
  /^\/version$/,
  /^\/test\//,
  /\/(file-download|file-view|office-preview)(\/|$)/,
  /^\/(admin|user)\/fs\/(download|preview|file-link|zip)(\/|$)/,
  /^\/(admin|user)\/files\/[^/]+\/content-links$/,
  /^\/public\/files\/[^/]+\/(content|preview)$/,
  /^\/raw\//,
  /^\/url\/proxy$/,
  /^\/storage\//,
];

const PASTE_VIEW = /^\/paste\/([^/]+)$/;
const FILE_SHARE = /^\/public\/files\/([^/]+)$/;
const DIRECTORY_LIST = /^\/(admin|user)\/fs\/list$/;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The record a GET answer is cached in, or null when the path is excluded. `search` is the
 * query string as sent (without `?`).
 */
export function cacheTargetFor(path: string, search: string): CacheTarget | null {
  if (EXCLUDED_PATHS.some((pattern) => pattern.test(path))) {
    return null;
  }
  const paste = PASTE_VIEW.exec(path);
  if (paste?.[1] && search === '') {
    return { store: 'pastes', key: decoded(paste[1]) };
  }
  const file = FILE_SHARE.exec(path);
  if (file?.[1] && search === '') {
    return { store: 'files', key: decoded(file[1]) };
  }
  if (DIRECTORY_LIST.test(path)) {
    const params = new URLSearchParams(search);
    const listed = params.get('path');
    if (listed !== null && params.size === 1) {
      return { store: 'directories', key: listed };
    }
  }
  return {
    store: 'settings',
    key: `${OFFLINE_API_CACHE_PREFIX}${path}${search ? `?${search}` : ''}`,
  };
}

/** SPEC §7: only JSON answers are kept, never media, PDF or octet-stream. */
export function isCacheableContentType(contentType: string | null): boolean {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}
