import { expect, type Page, test } from '@playwright/test';
import { ADMIN, signInAsAdmin, signInWithPassword } from './support';

async function openSettings(page: Page) {
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page).toHaveTitle('Admin · Settings · Sharebin');
}

test.describe('settings', () => {
  test('upload size and WebDAV mode are saved', async ({ page }) => {
    await openSettings(page);
    const form = page.getByTestId('system-settings-form');
    const size = form.getByLabel('Maximum upload size');
    await expect(size).toHaveValue('100');

    await size.fill('0');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('The size must be greater than 0')).toBeVisible();

    await size.fill('2');
    await form.getByRole('textbox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'GB' }).click();
    await form.getByTestId('webdav-mode-multipart').click();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();

    await page.reload();
    await expect(form.getByLabel('Maximum upload size')).toHaveValue('2');
    await expect(form.getByRole('textbox', { name: 'Unit' })).toHaveValue('GB');
    await expect(form.getByRole('radio', { name: /Multipart/ })).toBeChecked();

    // Put the defaults back for the other tests.
    await form.getByLabel('Maximum upload size').fill('100');
    await form.getByRole('textbox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'MB' }).click();
    await form.getByTestId('webdav-mode-auto').click();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  test('the account form checks its rules before sending', async ({ page }) => {
    await openSettings(page);
    const form = page.getByTestId('change-account-form');
    await form.getByRole('button', { name: 'Update account' }).click();
    await expect(form.getByText('Enter the current password')).toBeVisible();
    await expect(form.getByText('Enter a new username or a new password')).toBeVisible();

    await form.getByLabel('Current password').fill(ADMIN.password);
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill(ADMIN.password);
    await form.getByLabel('Confirm new password').fill('something-else');
    await form.getByRole('button', { name: 'Update account' }).click();
    await expect(form.getByText('The new password must differ from the current one')).toBeVisible();
    await expect(form.getByText('The passwords do not match')).toBeVisible();

    await form.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await form.getByRole('button', { name: 'Update account' }).click();
    await expect(form.getByText('At least 8 characters')).toBeVisible();
  });

  test('a wrong current password shows the server message and keeps the session', async ({
    page,
  }) => {
    await openSettings(page);
    const form = page.getByTestId('change-account-form');
    await form.getByLabel('Current password').fill('definitely-not-it');
    await form.getByLabel('New username').fill('someone-else');
    await form.getByRole('button', { name: 'Update account' }).click();
    await expect(form.locator('.mantine-InputWrapper-error')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeTruthy();
  });

  test('changing the account forces a logout; the new details work', async ({ page }) => {
    const changed = { username: 'e2e-admin-renamed', password: 'e2e-admin-password-2' };
    await openSettings(page);
    try {
      const form = page.getByTestId('change-account-form');
      await form.getByLabel('Current password').fill(ADMIN.password);
      await form.getByLabel('New username').fill(changed.username);
      await form.getByRole('textbox', { name: 'New password', exact: true }).fill(changed.password);
      await form.getByLabel('Confirm new password').fill(changed.password);
      await form.getByRole('button', { name: 'Update account' }).click();

      await expect(page.getByRole('heading', { name: 'Sign in to Sharebin' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull();

      await signInWithPassword(page, ADMIN.username, ADMIN.password);
      await expect(page.getByTestId('login-error')).toContainText('Invalid username or password');

      await signInWithPassword(page, changed.username, changed.password);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
    } finally {
      await restoreAdmin(page, changed);
    }
  });
});

/** Puts the configured admin back so the other tests can sign in. */
async function restoreAdmin(page: Page, changed: { username: string; password: string }) {
  const login = await page.request.post('/api/admin/login', { data: changed });
  if (login.status() !== 200) {
    return; // The change never happened.
  }
  const { data } = (await login.json()) as { data: { token: string } };
  const restore = await page.request.post('/api/admin/change-password', {
    data: {
      currentPassword: changed.password,
      newUsername: ADMIN.username,
      newPassword: ADMIN.password,
    },
    headers: { Authorization: `Bearer ${data.token}` },
  });
  expect(restore.status()).toBe(200);
}
