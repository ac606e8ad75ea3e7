import { AUTH_EVENTS } from '../modules/auth/auth.store';

/** What the user is told when the server ended their session (SPEC §8 on 401). */
export type AuthNotice = 'adminSessionExpired' | 'apiKeyInvalid';

type ShowNotice = (notice: AuthNotice) => void;

let pending: AuthNotice[] = [];
let show: ShowNotice | null = null;

function deliver(notice: AuthNotice): void {
  if (show) show(notice);
  else if (!pending.includes(notice)) pending.push(notice);
}

/**
 * Listens for the session-ending events from the start. The check of stored credentials runs
 * before the first render, so its answer may come before anything can show a notification:
 * notices wait here until `showAuthNotices` is called, once the notifications are mounted.
 */
export function listenForAuthNotices(target: EventTarget = window): () => void {
  const onAdminExpired = () => deliver('adminSessionExpired');
  const onKeyInvalid = () => deliver('apiKeyInvalid');
  target.addEventListener(AUTH_EVENTS.adminTokenExpired, onAdminExpired);
  target.addEventListener(AUTH_EVENTS.apiKeyInvalid, onKeyInvalid);
  return () => {
    target.removeEventListener(AUTH_EVENTS.adminTokenExpired, onAdminExpired);
    target.removeEventListener(AUTH_EVENTS.apiKeyInvalid, onKeyInvalid);
  };
}

/** Shows the notices that waited, then each one as it comes, until the returned stop. */
export function showAuthNotices(showNotice: ShowNotice): () => void {
  show = showNotice;
  const waiting = pending;
  pending = [];
  for (const notice of waiting) showNotice(notice);
  return () => {
    if (show === showNotice) show = null;
  };
}
