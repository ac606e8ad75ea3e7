import { describe, expect, it } from 'vitest';
import {
  answers,
  envelope,
  fakeWindow,
  installOfflineBrowser,
  serveJson,
  setOnline,
  settle,
} from '../../pwa/offline.test-support';
import { validateSession } from './auth.actions';
import { getAuthState, restoreAuth } from './auth.store';

installOfflineBrowser();

/** A browser that kept an admin token from an earlier visit, started without a connection. */
function restoredAdmin() {
  fakeWindow.localStorage.setItem('admin_token', 'stored-token');
  restoreAuth();
  expect(getAuthState()).toMatchObject({ isAuthenticated: true, lastValidated: null });
}

describe('revalidating a stored session while offline (SPEC §4)', () => {
  it('keeps the session until the server answers, and asks again when back online', async () => {
    restoredAdmin();
    setOnline(false);
    expect(await validateSession()).toBe(false);
    expect(getAuthState()).toMatchObject({
      isAuthenticated: true,
      authType: 'admin',
      adminToken: 'stored-token',
      unverified: true,
    });
    expect(fakeWindow.localStorage.getItem('admin_token')).toBe('stored-token');

    serveJson('/test/admin-token', { valid: true });
    setOnline(true);
    await settle();
    expect(getAuthState()).toMatchObject({ isAuthenticated: true, unverified: false });
    expect(getAuthState().lastValidated).not.toBeNull();
  });

  it('a server error is no verdict either: the session stays', async () => {
    restoredAdmin();
    answers.set('GET /test/admin-token', {
      status: 502,
      body: JSON.stringify({ code: 502, message: 'Bad gateway', error: 'internal.error' }),
    });
    await validateSession();
    expect(getAuthState()).toMatchObject({ isAuthenticated: true, unverified: true });
  });

  it('an answered 401 ends the session', async () => {
    restoredAdmin();
    answers.set('GET /test/admin-token', {
      status: 401,
      body: JSON.stringify({ code: 401, message: 'expired', error: 'auth.token_expired' }),
    });
    expect(await validateSession()).toBe(false);
    expect(getAuthState()).toMatchObject({ isAuthenticated: false, authType: 'none' });
    expect(fakeWindow.localStorage.getItem('admin_token')).toBeNull();
  });

  it('a key answered as valid but without its data ends the session', async () => {
    fakeWindow.localStorage.setItem('api_key', 'sb_key');
    restoreAuth();
    answers.set('GET /test/api-key', { body: envelope(null) });
    await validateSession();
    expect(getAuthState().isAuthenticated).toBe(false);
  });
});
