import { expect, test } from '@playwright/test';
import {
  adminToken,
  createKeyViaApi,
  signInAsAdmin,
  signInWithApiKey,
  uniqueName,
} from './support';

/** Records the auth events the app fires, from the first script on. */
async function recordAuthEvents(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { authEvents: string[] }).authEvents = seen;
    for (const name of ['auth-state-changed', 'admin-token-expired', 'api-key-invalid']) {
      window.addEventListener(name, () => seen.push(name));
    }
  });
}

function authEvents(page: import('@playwright/test').Page) {
  return page.evaluate(() => (window as unknown as { authEvents: string[] }).authEvents);
}

test.describe('sessions ended by the server', () => {
  test('a 401 on the admin token signs out with its message', async ({ page }) => {
    await recordAuthEvents(page);
    await signInAsAdmin(page);
    const token = await page.evaluate(() => localStorage.getItem('admin_token'));
    const revoked = await page.request.post('/api/admin/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(revoked.status()).toBe(200);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(
      page.getByText('Admin session expired, please log in again').first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to Sharebin' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
    expect(await authEvents(page)).toEqual(
      expect.arrayContaining(['auth-state-changed', 'admin-token-expired']),
    );
  });

  test('admin routes revalidate a check older than five minutes', async ({ page }) => {
    await page.clock.install();
    await signInAsAdmin(page);
    let checks = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/test/admin-token')) checks += 1;
    });

    // Within five minutes of the sign-in the guard trusts the last check.
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
    expect(checks).toBe(0);

    await page.clock.fastForward('05:01');
    const check = page.waitForResponse((response) =>
      response.url().endsWith('/api/test/admin-token'),
    );
    await page.getByRole('link', { name: 'Key management' }).click();
    expect((await check).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Key management' })).toBeVisible();

    // Checked again just now: the next navigation does not ask.
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings', level: 2 })).toBeVisible();
    expect(checks).toBe(1);
  });

  test('a deleted API key is found out at start and signed out', async ({ page, request }) => {
    await recordAuthEvents(page);
    const created = await createKeyViaApi(request, {
      name: uniqueName('short-lived'),
      // Only mount permission: no module is open yet, so the key lands on its account panel.
      mount_permission: true,
    });
    await signInWithApiKey(page, created.key);
    await expect(page.getByTestId('account-panel')).toBeVisible();

    const token = await adminToken(request);
    const removed = await request.delete(`/api/admin/api-keys/${created.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(removed.status()).toBe(200);

    await page.reload();
    await expect(page.getByText('API key invalid or expired').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to Sharebin' })).toBeVisible();
    expect(
      await page.evaluate(() => [
        localStorage.getItem('api_key'),
        localStorage.getItem('api_key_permissions'),
        localStorage.getItem('api_key_info'),
      ]),
    ).toEqual([null, null, null]);
    expect(await authEvents(page)).toEqual(expect.arrayContaining(['api-key-invalid']));
  });
});
