import { authStore, getAuthState } from '../modules/auth';
import { cacheOwnerOf, forgetOwner, PUBLIC_OWNER, purgeExpired } from './offline-cache';

const DAY_MS = 86_400_000;

/**
 * Keeps the offline cache tidy for the life of the page: records over seven days old go at
 * start and once a day (SPEC §9), and a user's records go when their session ends, whether
 * signed out by hand, by an expired token, or by switching to another user.
 */
export function startOfflineCache(): void {
  void purgeExpired().catch(() => undefined);
  window.setInterval(() => void purgeExpired().catch(() => undefined), DAY_MS);

  let owner = cacheOwnerOf(getAuthState());
  authStore.subscribe(() => {
    const next = cacheOwnerOf(getAuthState());
    if (next === owner) return;
    const previous = owner;
    owner = next;
    if (previous !== null && previous !== PUBLIC_OWNER) {
      void forgetOwner(previous).catch(() => undefined);
    }
  });
}
