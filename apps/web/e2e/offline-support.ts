import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminToken, createMountViaApi, createPasteViaApi, uniqueName } from './support';

/** A record of the offline database, reduced to where it is and whose it is. */
export interface OfflineRecord {
  store: string;
  owner: string;
  /** The slug, path or settings key. */
  key: string;
  /** The whole record as JSON, to look for what must not be there. */
  json: string;
}

/**
 * Every record of the app's offline database (IndexedDB `sharebin-offline`), read in the page.
 * The connection is closed at once so the app's own (or an upgrade) is never blocked.
 */
export function offlineRecords(page: Page): Promise<OfflineRecord[]> {
  return page.evaluate(async () => {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === 'sharebin-offline')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('sharebin-offline');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const rows: { store: string; owner: string; key: string; json: string }[] = [];
      for (const store of Array.from(db.objectStoreNames)) {
        const records = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (const record of records) {
          rows.push({
            store,
            owner: String(record.owner),
            key: String(record.slug ?? record.path ?? record.key),
            json: JSON.stringify(record),
          });
        }
      }
      return rows;
    } finally {
      db.close();
    }
  });
}

/** The editor's draft as stored in the offline database, or null. */
export async function storedDraft(
  page: Page,
): Promise<{ content: string; savedAt: number } | null> {
  const draft = (await offlineRecords(page)).find(
    (record) => record.store === 'settings' && record.key === 'draft_markdown',
  );
  return draft ? (JSON.parse(draft.json) as { content: string; savedAt: number }) : null;
}

/**
 * Goes to an address inside the app without loading a page, as the browser's back and forward
 * buttons do: offline there is no server to load a page from (until the service worker).
 */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export const entryRow = (page: Page, name: string) =>
  page.locator(`[data-testid="entry-row"][data-name="${name}"]`);
export const offlineSlug = (prefix: string) => uniqueName(prefix).replace(/\W+/g, '-');

/** A paste and a mount holding a folder `Reports`, made through the API. */
export async function arrangeOfflineData(request: APIRequestContext) {
  const slug = offlineSlug('offline');
  await createPasteViaApi(request, { content: '# Field notes\n\nKept for the road.', slug });
  const mount = await createMountViaApi(request);
  const made = await request.post('/api/admin/fs/mkdir', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { path: `${mount.mount_path}/Reports` },
  });
  expect(made.status()).toBe(201);
  return { slug, mountName: mount.mount_path.slice(1) };
}

/** Opens the paste and the explorer's root and mount folder while online, as the admin. */
export async function seeWhileOnline(page: Page, slug: string, mountName: string) {
  await page.goto(`/paste/${slug}`);
  await expect(page.getByTestId('paste-content')).toContainText('Kept for the road.');
  await page.goto('/mount-explorer');
  await entryRow(page, mountName).click();
  await expect(entryRow(page, 'Reports')).toBeVisible();
  // The copies are written in the background: wait until all three are there.
  await expect
    .poll(async () =>
      (await offlineRecords(page))
        .filter((record) => record.owner === 'admin')
        .map((record) => `${record.store} ${record.key}`),
    )
    .toEqual(
      expect.arrayContaining([`pastes ${slug}`, 'directories /', `directories /${mountName}`]),
    );
}
