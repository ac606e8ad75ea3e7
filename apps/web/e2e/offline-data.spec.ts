// Offline data (SPEC §3, §7, §9): answers seen before are shown from the offline cache, per user.
import { expect, test } from '@playwright/test';
import {
  arrangeOfflineData as arrange,
  navigateInApp,
  offlineRecords,
  entryRow as row,
  seeWhileOnline,
  offlineSlug as slugOf,
} from './offline-support';
import { createPasteViaApi, signInAsAdmin } from './support';

test.describe('offline data', () => {
  test('a paste and folders seen before are shown offline from the cache, with a notice', async ({
    page,
    context,
    request,
  }) => {
    const { slug, mountName } = await arrange(request);
    await signInAsAdmin(page);
    await seeWhileOnline(page, slug, mountName);
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    expect(token).toBeTruthy();
    for (const record of await offlineRecords(page)) {
      expect(record.json).not.toContain(token);
    }

    // A new page (nothing in memory), then the connection goes.
    await page.goto('/');
    // The editor's code loads on demand: have it before the connection goes (until the
    // service worker keeps the app's files, a chunk not yet loaded cannot load offline).
    await expect(page.locator('.cm-content')).toBeVisible();
    await expect(page.getByTestId('cached-data-notice')).toHaveCount(0);
    await context.setOffline(true);

    await page.getByRole('link', { name: 'Mount explorer' }).first().click();
    const notice = page.getByTestId('cached-data-notice');
    await expect(notice).toContainText('Offline: showing data saved');
    await row(page, mountName).click();
    await expect(row(page, 'Reports')).toBeVisible();
    await expect(notice).toBeVisible();

    await navigateInApp(page, `/paste/${slug}`);
    await expect(page.getByTestId('paste-content')).toContainText('Kept for the road.');
    await expect(notice).toBeVisible();

    // Back online, the copy is replaced by fresh data and the notice goes.
    await context.setOffline(false);
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('paste-content')).toContainText('Kept for the road.');
  });

  test('a network failure on a write shows the usual error, and nothing is sent later', async ({
    page,
    context,
  }) => {
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.locator('.cm-content').click();
    await page.keyboard.insertText('Written offline');
    // The preview's code loads on demand: have it before the connection goes.
    await expect(page.getByTestId('editor-preview')).toContainText('Written offline');
    await context.setOffline(true);
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/paste')) posted += 1;
    });
    await page.getByRole('button', { name: 'Create share' }).click();
    await expect(page.getByText('The share was not created')).toBeVisible();
    await expect(page.getByText('Server not responding').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create share' })).toBeEnabled();

    await context.setOffline(false);
    // Online again: still exactly the one failed attempt, nothing sent afterwards.
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(true);
    expect(posted).toBe(1);
    await expect(page.getByTestId('paste-created')).toHaveCount(0);
  });

  test('signing out removes the user’s cached data', async ({ page, request }) => {
    const { slug, mountName } = await arrange(request);
    await signInAsAdmin(page);
    await seeWhileOnline(page, slug, mountName);

    await page.goto('/admin');
    await page.getByTestId('sign-out').first().click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect
      .poll(async () => (await offlineRecords(page)).filter((record) => record.owner === 'admin'))
      .toEqual([]);
  });

  test('a paste never seen shows the offline page', async ({ page, context, request }) => {
    // The API client finds no copy and throws OfflineUnavailableError; RouteError answers it.
    const { slug, mountName } = await arrange(request);
    const unseen = slugOf('unseen');
    await createPasteViaApi(request, { content: 'Never opened', slug: unseen });
    await signInAsAdmin(page);
    await seeWhileOnline(page, slug, mountName);
    await page.goto('/');
    await expect(page.locator('.cm-content')).toBeVisible();
    await context.setOffline(true);
    await navigateInApp(page, `/paste/${unseen}`);
    await expect(page.getByTestId('offline-page')).toBeVisible();
  });
});
