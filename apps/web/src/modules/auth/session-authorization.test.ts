import { afterEach, describe, expect, it } from 'vitest';
import { installFakeWindow } from '../../app/fake-window.test-support';
import { logout, sessionAuthorization, setAdminSession, setApiKeySession } from './auth.store';

const BASE = 'https://sharebin.test';
installFakeWindow({ apiBaseUrl: BASE, origin: 'https://page.test' });

afterEach(() => logout());

describe('sessionAuthorization', () => {
  it('carries the admin token, the API key, or nothing', () => {
    expect(sessionAuthorization()).toEqual({});
    setAdminSession('admin-token');
    expect(sessionAuthorization()).toEqual({ Authorization: 'Bearer admin-token' });
    setApiKeySession(
      'key-123',
      { text: false, file: true, mount: false },
      { id: 'k1', name: 'uploader', basic_path: '/' },
    );
    expect(sessionAuthorization()).toEqual({ Authorization: 'ApiKey key-123' });
  });
});
