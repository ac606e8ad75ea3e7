import { describe, expect, it, vi } from 'vitest';
import { setAdminSession } from '../modules/auth';
import { CACHE_TIME_HEADER, cachedAt, cachedResponse, cacheTimeOf } from '../pwa/cached-answers';
import {
  answers,
  envelope,
  installOfflineBrowser,
  sent,
  serveJson,
  setOnline,
  settle,
} from '../pwa/offline.test-support';
import { isOfflineUnavailable } from '../pwa/offline-error';
import { api, CLIENT_ERROR_CODES, errorMessage, isApiError } from './api-client';

installOfflineBrowser();

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

describe('the API client offline (SPEC §7)', () => {
  it('answers a GET seen before from the cache, marked as a copy with its save time', async () => {
    setAdminSession('admin-token');
    const paste = { slug: 'notes', content: '# Notes' };
    serveJson('/paste/notes', paste);
    serveJson('/admin/fs/list?path=%2Fdocs', { path: '/docs', items: [{ name: 'a.txt' }] });
    const before = Date.now();
    const fresh = await api.get('/paste/notes', { auth: 'none' });
    expect(fresh).toEqual(paste);
    expect(cachedAt(fresh)).toBeNull();
    await api.get('/admin/fs/list', { query: { path: '/docs' } });
    await settle();

    setOnline(false);
    const copy = await api.get('/paste/notes', { auth: 'none' });
    expect(copy).toEqual(paste);
    expect(cachedAt(copy)).toBeGreaterThanOrEqual(before);
    expect(cachedAt(copy)).toBeLessThanOrEqual(Date.now());
    expect(await api.get('/admin/fs/list', { query: { path: '/docs' } })).toEqual({
      path: '/docs',
      items: [{ name: 'a.txt' }],
    });
    // Another folder was never listed: offline and not cached.
    const unseen = await failure(api.get('/admin/fs/list', { query: { path: '/other' } }));
    expect(isOfflineUnavailable(unseen)).toBe(true);
    expect(errorMessage(unseen)).toBe('You are offline, and this was not saved for offline use.');

    // Back online, the answer is fresh again (and replaces the copy).
    setOnline(true);
    serveJson('/paste/notes', { ...paste, content: '# Notes, edited' });
    const again = await api.get('/paste/notes', { auth: 'none' });
    expect(again).toEqual({ ...paste, content: '# Notes, edited' });
    expect(cachedAt(again)).toBeNull();
    await settle();
    setOnline(false);
    expect(await api.get('/paste/notes', { auth: 'none' })).toEqual({
      ...paste,
      content: '# Notes, edited',
    });
  });

  it('rebuilt answers carry X-Cache-Source and X-Cache-Time', () => {
    const response = cachedResponse(envelope({ a: 1 }), Date.parse('2026-11-24T10:00:00.000Z'));
    expect(response.headers.get('X-Cache-Source')).toBe('offline-cache');
    expect(response.headers.get(CACHE_TIME_HEADER)).toBe('2026-11-24T10:00:00.000Z');
    expect(cacheTimeOf(response)).toBe(Date.parse('2026-11-24T10:00:00.000Z'));
    expect(cacheTimeOf(new Response('{}'))).toBeNull();
  });

  it('a server that cannot be reached while the browser is online is the usual network error', async () => {
    setAdminSession('admin-token');
    // Online, but the request rejects (the server is down) and nothing is cached.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/admin/pastes'));
    expect(isApiError(error) && error.code).toBe(CLIENT_ERROR_CODES.network);
  });

  it('never caches excluded paths, other content types, failures or writes', async () => {
    setAdminSession('admin-token');
    serveJson('/system/max-upload-size', { max_upload_size: 100 });
    serveJson('/version', { version: '1' });
    answers.set('GET /admin/pastes/x', {
      status: 500,
      body: JSON.stringify({ code: 500, message: 'boom', error: 'internal.error' }),
    });
    answers.set('GET /paste/bin', { body: 'binary', contentType: 'application/octet-stream' });
    answers.set('POST /paste', { body: envelope({ slug: 'new' }, 201) });
    await api.get('/system/max-upload-size');
    await api.get('/version');
    await failure(api.get('/admin/pastes/x'));
    await failure(api.get('/paste/bin'));
    await api.post('/paste', { content: 'x' });
    await settle();

    setOnline(false);
    for (const path of ['/system/max-upload-size', '/version']) {
      const error = await failure(api.get(path));
      // Excluded: the usual network error, never the offline page.
      expect(isApiError(error) && error.code).toBe(CLIENT_ERROR_CODES.network);
    }
    expect(isOfflineUnavailable(await failure(api.get('/admin/pastes/x')))).toBe(true);
    expect(isOfflineUnavailable(await failure(api.get('/paste/bin')))).toBe(true);
    // A write offline fails at once with the usual message, and is not sent later.
    const write = await failure(api.post('/paste', { content: 'x' }));
    expect(isApiError(write) && write.code).toBe(CLIENT_ERROR_CODES.network);
    expect(isApiError(write) && write.message).toBe('Server not responding');
    setOnline(true);
    await settle();
    expect(sent.filter((route) => route === 'POST /paste')).toHaveLength(1);
  });

  it('an HTTP error answer is shown as it is, not replaced by a cached copy', async () => {
    setAdminSession('admin-token');
    serveJson('/admin/mounts', [{ id: 'm1' }]);
    await api.get('/admin/mounts');
    await settle();
    answers.set('GET /admin/mounts', {
      status: 503,
      body: JSON.stringify({ code: 503, message: 'Storage down', error: 'internal.error' }),
    });
    const error = await failure(api.get('/admin/mounts'));
    expect(isApiError(error) && error.status).toBe(503);
  });

  it('calls with explicit credentials (sign-in checks) are never answered from the cache', async () => {
    setAdminSession('admin-token');
    serveJson('/admin/api-keys', []);
    await api.get('/admin/api-keys', { auth: { scheme: 'Bearer', token: 'other-token' } });
    await settle();
    setOnline(false);
    const error = await failure(
      api.get('/admin/api-keys', { auth: { scheme: 'Bearer', token: 'other-token' } }),
    );
    expect(isApiError(error) && error.code).toBe(CLIENT_ERROR_CODES.network);
    expect(isOfflineUnavailable(await failure(api.get('/admin/api-keys')))).toBe(true);
  });
});
