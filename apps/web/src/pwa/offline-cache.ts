import { OFFLINE_CACHE_MAX_AGE_MS } from '@sharebin/shared';
// The store, not the auth entry: the entry's actions import the API client, which imports this
// file (a cycle).
import type { AuthState } from '../modules/auth/auth.store';
import type { CacheTarget } from './offline-cache-targets';
import { OFFLINE_STORES, type OfflineStore, offlineDb, type SavedAnswer } from './offline-db';

/**
 * The API answers kept for offline use (SPEC §7). Records belong to the signed-in user who
 * saw them: `admin`, `apikey:<key id>`, or `public` when signed out. Never a token or a key:
 * an answer that contains the session's credential is not kept at all.
 */
export const PUBLIC_OWNER = 'public';
/** Records of the browser rather than of a user (drafts): kept across sign-outs. */
export const DEVICE_OWNER = 'device';

/** Whose cache a session reads and writes; null for a key stored without its id (older builds). */
export function cacheOwnerOf(auth: AuthState): string | null {
  if (!auth.isAuthenticated) {
    return PUBLIC_OWNER;
  }
  if (auth.authType === 'admin') {
    return 'admin';
  }
  return auth.apiKeyInfo?.id ? `apikey:${auth.apiKeyInfo.id}` : null;
}

/** The credential a session sends, which must never land in a record. */
function credentialOf(auth: AuthState): string | null {
  return auth.authType === 'admin' ? auth.adminToken : auth.apiKey;
}

function recordOf(owner: string, target: CacheTarget, answer: Omit<SavedAnswer, 'owner'>) {
  switch (target.store) {
    case 'pastes':
    case 'files':
      return { owner, slug: target.key, ...answer };
    case 'directories':
      return { owner, path: target.key, ...answer };
    case 'settings':
      return { owner, key: target.key, ...answer };
  }
}

/** Keeps a successful GET answer; a failure to write only means no offline copy. */
export async function saveAnswer(
  auth: AuthState,
  target: CacheTarget,
  body: string,
  now = Date.now(),
): Promise<void> {
  const owner = cacheOwnerOf(auth);
  const credential = credentialOf(auth);
  if (owner === null || (credential && body.includes(credential))) {
    return;
  }
  try {
    const db = await offlineDb();
    // The union of record shapes is checked per store by recordOf.
    await db.put(target.store, recordOf(owner, target, { savedAt: now, body }) as never);
  } catch {
    // IndexedDB unavailable (private mode) or full: the app works without offline copies.
  }
}

/** The kept answer for this user and target, if under seven days old. */
export async function findAnswer(
  auth: AuthState,
  target: CacheTarget,
  now = Date.now(),
): Promise<SavedAnswer | null> {
  const owner = cacheOwnerOf(auth);
  if (owner === null) {
    return null;
  }
  try {
    const db = await offlineDb();
    const record = await db.get(target.store, [owner, target.key]);
    if (!record || !('body' in record) || now - record.savedAt > OFFLINE_CACHE_MAX_AGE_MS) {
      return null;
    }
    return { owner: record.owner, savedAt: record.savedAt, body: record.body };
  } catch {
    return null;
  }
}

async function deleteWhere(
  store: OfflineStore,
  index: 'by-owner' | 'by-savedAt',
  range: IDBKeyRange,
): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(store, 'readwrite');
  let cursor = await tx.store.index(index).openCursor(range);
  while (cursor) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}

/** Removes every record of one user (at sign-out). */
export async function forgetOwner(owner: string): Promise<void> {
  for (const store of OFFLINE_STORES) {
    await deleteWhere(store, 'by-owner', IDBKeyRange.only(owner));
  }
}

/** Removes every record older than seven days (SPEC §9), drafts included. */
export async function purgeExpired(now = Date.now()): Promise<void> {
  for (const store of OFFLINE_STORES) {
    await deleteWhere(
      store,
      'by-savedAt',
      IDBKeyRange.upperBound(now - OFFLINE_CACHE_MAX_AGE_MS, true),
    );
  }
}
