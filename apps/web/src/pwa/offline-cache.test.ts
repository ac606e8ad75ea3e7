import { OFFLINE_CACHE_MAX_AGE_MS, OFFLINE_DB_VERSION } from '@sharebin/shared';
import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { getAuthState, logout, setAdminSession, setApiKeySession } from '../modules/auth';
import { installOfflineBrowser, settle } from './offline.test-support';
import { cacheOwnerOf, findAnswer, purgeExpired, saveAnswer } from './offline-cache';
import { cacheTargetFor, isCacheableContentType } from './offline-cache-targets';
import { OFFLINE_DB_NAME, OFFLINE_STORES, offlineDb } from './offline-db';
import { MARKDOWN_DRAFT_KEY, storeDraft } from './offline-drafts';
import { startOfflineCache } from './offline-startup';

installOfflineBrowser();

const PERMISSIONS = { text: true, file: true, mount: true };
const signInKey = (id: string, key = `sb_key_${id}_secret`) =>
  setApiKeySession(key, PERMISSIONS, { id, name: id, basic_path: '/' });

/** Every record of every store, as [store, record]. */
async function allRecords(): Promise<[string, Record<string, unknown>][]> {
  const db = await offlineDb();
  const rows: [string, Record<string, unknown>][] = [];
  for (const store of OFFLINE_STORES) {
    for (const record of await db.getAll(store)) rows.push([store, { ...record }]);
  }
  return rows;
}

const paste = { store: 'pastes', key: 'notes' } as const;

describe('where answers are kept', () => {
  it('pastes and files by slug, listings by path, anything else as an api_cache_ setting', () => {
    expect(cacheTargetFor('/paste/notes%20one', '')).toEqual({ store: 'pastes', key: 'notes one' });
    expect(cacheTargetFor('/public/files/q3', '')).toEqual({ store: 'files', key: 'q3' });
    expect(cacheTargetFor('/admin/fs/list', 'path=%2Fphotos%2F2026')).toEqual({
      store: 'directories',
      key: '/photos/2026',
    });
    expect(cacheTargetFor('/user/fs/list', 'path=%2F')).toEqual({ store: 'directories', key: '/' });
    expect(cacheTargetFor('/admin/pastes', 'page=2&limit=10')).toEqual({
      store: 'settings',
      key: 'api_cache_/admin/pastes?page=2&limit=10',
    });
    expect(cacheTargetFor('/admin/mounts', '')).toEqual({
      store: 'settings',
      key: 'api_cache_/admin/mounts',
    });
  });

  it.each([
    '/system/max-upload-size',
    '/health',
    '/version',
    '/test/admin-token',
    '/test/api-key',
    '/admin/fs/download',
    '/user/fs/file-link',
    '/admin/fs/zip/link',
    '/admin/files/abc/content-links',
    '/public/files/q3/content',
    '/raw/notes',
    '/url/proxy',
    '/storage/local/cfg/get',
    '/office-preview/x',
    '/file-download/x',
    '/file-view/x',
  ])('never caches %s', (path) => {
    expect(cacheTargetFor(path, '')).toBeNull();
  });

  it('keeps JSON only: never media, PDF or octet-stream', () => {
    expect(isCacheableContentType('application/json; charset=UTF-8')).toBe(true);
    expect(isCacheableContentType('application/problem+json')).toBe(true);
    for (const type of [
      'application/octet-stream',
      'application/pdf',
      'image/png',
      'video/mp4',
      'audio/mpeg',
      'text/plain',
      null,
    ]) {
      expect(isCacheableContentType(type)).toBe(false);
    }
  });
});

describe('records per user', () => {
  it('one user never finds another user’s records, nor a signed-out visitor', async () => {
    setAdminSession('admin-token');
    await saveAnswer(getAuthState(), paste, '{"seen":"by admin"}');
    expect((await findAnswer(getAuthState(), paste))?.body).toBe('{"seen":"by admin"}');

    signInKey('key-a');
    expect(await findAnswer(getAuthState(), paste)).toBeNull();
    await saveAnswer(getAuthState(), paste, '{"seen":"by key a"}');
    signInKey('key-b');
    expect(await findAnswer(getAuthState(), paste)).toBeNull();
    logout();
    expect(await findAnswer(getAuthState(), paste)).toBeNull();

    signInKey('key-a');
    expect((await findAnswer(getAuthState(), paste))?.body).toBe('{"seen":"by key a"}');
    expect((await allRecords()).map(([, record]) => record.owner).sort()).toEqual([
      'admin',
      'apikey:key-a',
    ]);
  });

  it('owners are names, never credentials', async () => {
    setAdminSession('admin-token-secret');
    expect(cacheOwnerOf(getAuthState())).toBe('admin');
    signInKey('k1', 'sb_the_key_itself');
    expect(cacheOwnerOf(getAuthState())).toBe('apikey:k1');
    logout();
    expect(cacheOwnerOf(getAuthState())).toBe('public');
  });

  it('an answer that contains the session’s token or key is not kept', async () => {
    setAdminSession('admin-token-secret');
    await saveAnswer(getAuthState(), paste, '{"data":{"token":"admin-token-secret"}}');
    await saveAnswer(getAuthState(), { store: 'settings', key: 'api_cache_/a' }, '{"data":1}');
    signInKey('k1', 'sb_the_key_itself');
    await saveAnswer(getAuthState(), paste, '{"data":{"key":"sb_the_key_itself"}}');
    await saveAnswer(getAuthState(), { store: 'directories', key: '/' }, '{"data":[]}');

    const records = await allRecords();
    expect(records.map(([store, record]) => [store, record.owner])).toEqual([
      ['directories', 'apikey:k1'],
      ['settings', 'admin'],
    ]);
    const everything = JSON.stringify(records);
    expect(everything).not.toContain('admin-token-secret');
    expect(everything).not.toContain('sb_the_key_itself');
  });
});

describe('seven days', () => {
  it('an answer over seven days old is not served, and the purge removes it', async () => {
    const now = Date.now();
    setAdminSession('admin-token');
    await saveAnswer(getAuthState(), paste, '{"old":true}', now - OFFLINE_CACHE_MAX_AGE_MS - 1);
    await saveAnswer(
      getAuthState(),
      { store: 'files', key: 'recent' },
      '{"recent":true}',
      now - OFFLINE_CACHE_MAX_AGE_MS + 60_000,
    );
    await storeDraft(MARKDOWN_DRAFT_KEY, { content: 'x', savedAt: now - 8 * 86_400_000 });

    expect(await findAnswer(getAuthState(), paste, now)).toBeNull();
    expect(await findAnswer(getAuthState(), { store: 'files', key: 'recent' }, now)).not.toBeNull();

    await purgeExpired(now);
    expect((await allRecords()).map(([store]) => store)).toEqual(['files']);
  });
});

describe('the cache over a page’s life', () => {
  it('purges at start and daily, and forgets a user at sign-out but keeps drafts and public records', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stale = Date.now() - OFFLINE_CACHE_MAX_AGE_MS - 1;
      await saveAnswer(getAuthState(), { store: 'files', key: 'stale' }, '{}', stale);
      startOfflineCache();
      await settle();
      expect(await allRecords()).toEqual([]);

      // A day later the purge runs again.
      await saveAnswer(getAuthState(), { store: 'files', key: 'stale' }, '{}', stale);
      await saveAnswer(getAuthState(), { store: 'files', key: 'public' }, '{}');
      vi.advanceTimersByTime(86_400_000);
      await settle();
      expect((await allRecords()).map(([, record]) => record.slug)).toEqual(['public']);

      setAdminSession('admin-token');
      for (const [store, key] of [
        ['pastes', 'p'],
        ['files', 'f'],
        ['directories', '/d'],
        ['settings', 'api_cache_/admin/pastes'],
      ] as const) {
        await saveAnswer(getAuthState(), { store, key }, '{}');
      }
      await storeDraft(MARKDOWN_DRAFT_KEY, { content: 'draft', savedAt: Date.now() });
      expect(await allRecords()).toHaveLength(6);

      logout();
      await settle();
      expect((await allRecords()).map(([store, record]) => [store, record.owner])).toEqual([
        ['files', 'public'],
        ['settings', 'device'],
      ]);

      // Switching from one key to another forgets the first too.
      signInKey('k1');
      await saveAnswer(getAuthState(), paste, '{}');
      signInKey('k2');
      await settle();
      expect((await allRecords()).filter(([, record]) => record.owner === 'apikey:k1')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the database', () => {
  it('is version 2 and replaces a version 1 database, whose records had no owner', async () => {
    const old = await openDB(OFFLINE_DB_NAME, 1, {
      upgrade(db) {
        db.createObjectStore('pastes', { keyPath: 'slug' });
        db.createObjectStore('cache');
      },
    });
    await old.put('pastes', { slug: 'notes', content: 'from v1' });
    old.close();

    const db = await offlineDb();
    expect(db.version).toBe(OFFLINE_DB_VERSION);
    expect(Array.from(db.objectStoreNames).sort()).toEqual([
      'directories',
      'files',
      'pastes',
      'settings',
    ]);
    expect(await allRecords()).toEqual([]);
    setAdminSession('admin-token');
    await saveAnswer(getAuthState(), paste, '{"v":2}');
    expect((await findAnswer(getAuthState(), paste))?.body).toBe('{"v":2}');
  });
});
