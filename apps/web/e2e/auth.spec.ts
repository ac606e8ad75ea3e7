import { expect, test } from '@playwright/test';
import {
  ADMIN,
  createKeyViaApi,
  signInAsAdmin,
  signInWithApiKey,
  signInWithPassword,
  uniqueName,
} from './support';

test.describe('signing in', () => {
  test('the admin signs in with username and password, stays signed in, and signs out', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await expect(page).toHaveTitle('Admin · Dashboard · Sharebin');
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeTruthy();

    // Restored from storage and revalidated after a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    await expect(page.getByTestId('session-name')).toHaveText('Administrator');

    await page.getByTestId('sign-out').click();
    await expect(page.getByRole('heading', { name: 'Sign in to Sharebin' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  });

  test('a wrong password shows its message and signs nobody in', async ({ page }) => {
    await signInWithPassword(page, ADMIN.username, 'not-the-password');
    await expect(page.getByTestId('login-error')).toContainText('Invalid username or password');
    await expect(page.getByRole('heading', { name: 'Sign in to Sharebin' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();
  });

  test('empty fields are caught before any request', async ({ page }) => {
    await page.goto('/admin');
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/login')) loginCalls += 1;
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter the username')).toBeVisible();
    await expect(page.getByText('Enter the password')).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test('too many failed attempts show the wait from Retry-After', async ({ page }) => {
    // A username of its own so the admin's own attempts are not affected.
    const username = uniqueName('probe').replace(' ', '-');
    await page.goto('/admin');
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const answer = page.waitForResponse((response) =>
        response.url().endsWith('/api/admin/login'),
      );
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect((await answer).status()).toBe(401);
    }
    const limited = page.waitForResponse((response) => response.url().endsWith('/api/admin/login'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect((await limited).status()).toBe(429);
    await expect(page.getByTestId('login-error')).toContainText(
      /Too many attempts, please try again in \d+ seconds/,
    );
  });

  test('an unknown API key is refused', async ({ page }) => {
    await signInWithApiKey(page, 'sb_this-key-does-not-exist-anywhere');
    await expect(page.getByTestId('login-error')).toContainText('Invalid or unauthorized API key');
    expect(await page.evaluate(() => localStorage.getItem('api_key'))).toBeNull();
  });

  test('an API key holder without an open module sees the account panel', async ({
    page,
    request,
  }) => {
    const name = uniqueName('account key');
    // With only mount permission no module is open to the key yet.
    const created = await createKeyViaApi(request, {
      name,
      text_permission: false,
      file_permission: false,
      mount_permission: true,
      basic_path: '/projects/e2e',
      // Left out, a key made through the API expires in 30 days.
      expires_at: null,
    });
    await signInWithApiKey(page, created.key);
    await expect(page.getByTestId('account-panel')).toBeVisible();
    await expect(page.getByTestId('account-key-name')).toHaveText(name);
    const panel = page.getByTestId('account-panel');
    await expect(panel.locator('[data-permission="file"]')).toHaveCount(0);
    await expect(panel.locator('[data-permission="mount"]')).toBeVisible();
    await expect(panel.locator('[data-permission="text"]')).toHaveCount(0);
    await expect(panel.getByText('/projects/e2e', { exact: true })).toBeVisible();
    await expect(panel.getByText('Never')).toBeVisible();
    // Admin-only modules stay closed to a key.
    await page.goto('/admin/key-management');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId('account-panel')).toBeVisible();
  });
});
