import { describe, expect, it } from 'vitest';
import { AUTH_EVENTS } from '../modules/auth/auth.store';
import { type AuthNotice, listenForAuthNotices, showAuthNotices } from './auth-notices';

describe('session-ended notices', () => {
  it('keeps a notice that comes before anything can show it, and shows it once mounted', () => {
    const target = new EventTarget();
    const stopListening = listenForAuthNotices(target);
    // At start-up: the stored token is refused before the first render.
    target.dispatchEvent(new Event(AUTH_EVENTS.adminTokenExpired));
    target.dispatchEvent(new Event(AUTH_EVENTS.adminTokenExpired));

    const shown: AuthNotice[] = [];
    const stopShowing = showAuthNotices((notice) => shown.push(notice));
    expect(shown).toEqual(['adminSessionExpired']);

    // Once shown, later notices go straight through.
    target.dispatchEvent(new Event(AUTH_EVENTS.apiKeyInvalid));
    expect(shown).toEqual(['adminSessionExpired', 'apiKeyInvalid']);

    // Unmounted (a StrictMode remount): they wait again for the next one.
    stopShowing();
    target.dispatchEvent(new Event(AUTH_EVENTS.apiKeyInvalid));
    expect(shown).toHaveLength(2);
    const again: AuthNotice[] = [];
    const stopAgain = showAuthNotices((notice) => again.push(notice));
    expect(again).toEqual(['apiKeyInvalid']);
    stopAgain();
    stopListening();
  });
});
