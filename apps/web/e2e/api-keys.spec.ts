import { expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  createKeyViaApi,
  createMountViaApi,
  openAdminModule,
  signInAsAdmin,
  signInWithApiKey,
  uniqueName,
} from './support';

/** Signs in as the admin and opens the new key form with the name filled in. */
async function openNewKeyForm(page: Page, name: string) {
  await signInAsAdmin(page);
  await openAdminModule(page, 'Key management');
  await page.getByRole('button', { name: 'Create key' }).first().click();
  const form = page.getByTestId('api-key-form');
  await form.getByLabel('Name').fill(name);
  return form;
}

test.describe('key management', () => {
  test('a key made read-only on mounts browses but cannot write', async ({ page, request }) => {
    // Creates a key in the UI, then signs in with it: two journeys in one test.
    test.setTimeout(90_000);
    const mount = await createMountViaApi(request);
    const admin = { Authorization: `Bearer ${await adminToken(request)}` };
    const made = await request.post('/api/admin/fs/mkdir', {
      headers: admin,
      data: { path: `${mount.mount_path}/reports` },
    });
    expect(made.status()).toBe(201);

    const name = uniqueName('reader');
    const form = await openNewKeyForm(page, name);
    // The read-only switch belongs to mount access: hidden until that is on.
    await expect(form.getByLabel('Read only')).toHaveCount(0);
    await form.getByLabel('Mount').check();
    await expect(form.getByLabel('Read only')).not.toBeChecked();
    await form.getByLabel('Read only').check();
    await form.getByLabel('Base path').fill(mount.mount_path);
    await form.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'API key created' });
    const key = (await dialog.getByTestId('created-api-key').textContent())?.trim() ?? '';
    await dialog.getByRole('button', { name: 'I have saved the key' }).click();

    const keyRow = page.locator(`[data-testid="api-key-row"][data-key-name="${name}"]`);
    await expect(keyRow.locator('[data-permission="mount"]')).toHaveText('Mount (read only)');
    const keys = await request.get('/api/admin/api-keys', { headers: admin });
    const saved = (
      (await keys.json()) as { data: { items: { name: string; mount_read_only: boolean }[] } }
    ).data.items;
    expect(saved.find((entry) => entry.name === name)?.mount_read_only).toBe(true);

    await page.getByTestId('sign-out').click();
    await signInWithApiKey(page, key);
    // Signed in once the header offers the explorer (only for who has mount access).
    await expect(
      page.getByRole('link', { name: 'Mount explorer', exact: true }).first(),
    ).toBeVisible();
    await page.goto('/mount-explorer');
    await expect(page).toHaveURL(new RegExp(`/mount-explorer${mount.mount_path}$`));
    const folder = page.locator('[data-testid="entry-row"][data-name="reports"]');
    await expect(folder).toBeVisible();
    await expect(page.getByTestId('read-only-badge')).toBeVisible();
    await expect(page.getByTestId('open-upload')).toHaveCount(0);
    await expect(page.getByTestId('open-new-folder')).toHaveCount(0);
    await folder.getByTestId('entry-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Open', exact: true })).toBeVisible();
    for (const write of ['Rename', 'Move', 'Delete']) {
      await expect(page.getByRole('menuitem', { name: write, exact: true })).toHaveCount(0);
    }

    // The server refuses the write the page does not offer, and nothing is made.
    const refused = await page.request.post('/api/user/fs/mkdir', {
      headers: { Authorization: `ApiKey ${key}` },
      data: { path: `${mount.mount_path}/sneaky` },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe('fs.read_only');
    const listing = await request.get(
      `/api/admin/fs/list?path=${encodeURIComponent(mount.mount_path)}`,
      { headers: admin },
    );
    const names = ((await listing.json()) as { data: { items: { name: string }[] } }).data.items;
    expect(names.map((item) => item.name)).toEqual(['reports']);
  });

  test('a key created in the UI is shown once and signs in', async ({ page, context }) => {
    // Creates, copies, signs out and in again: more than one page's default budget.
    test.setTimeout(60_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = uniqueName('ui key');
    const form = await openNewKeyForm(page, name);
    // A new key grants nothing until ticked, and expires in 30 days unless changed.
    for (const permission of ['Text', 'File', 'Mount']) {
      await expect(form.getByLabel(permission)).not.toBeChecked();
    }
    await expect(form.getByRole('radio', { name: '30 days' })).toBeChecked();
    await form.getByText('Custom', { exact: true }).click();
    await form.getByLabel('Days until expiry').fill('14');
    await form.getByLabel('Text').check();
    await form.getByLabel('Mount').check();
    await form.getByLabel('Base path').fill('/team//docs/');
    await form.getByRole('button', { name: 'Create key' }).click();

    const dialog = page.getByRole('dialog', { name: 'API key created' });
    await expect(dialog.getByText('it will not be shown again')).toBeVisible();
    const key = (await dialog.getByTestId('created-api-key').textContent())?.trim() ?? '';
    expect(key.length).toBeGreaterThanOrEqual(16);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await dialog.getByRole('button', { name: 'I have saved the key' }).click();
    await expect(dialog).toBeHidden();

    const row = page.locator(`[data-testid="api-key-row"][data-key-name="${name}"]`);
    await expect(row).toBeVisible();
    await expect(row.locator('[data-permission="text"]')).toBeVisible();
    await expect(row.locator('[data-permission="mount"]')).toBeVisible();
    await expect(row.locator('[data-permission="file"]')).toHaveCount(0);
    await expect(row.getByText('/team/docs')).toBeVisible();
    // The list never shows the full key.
    await expect(page.getByText(key)).toHaveCount(0);

    await page.getByTestId('sign-out').click();
    await signInWithApiKey(page, key);
    // A key with text permission lands on its text management.
    await expect(page).toHaveURL(/\/admin\/text-management$/);
    await expect(page.getByTestId('session-name')).toHaveText(name);

    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page.getByTestId('paste-access')).toContainText(
      `Sharing with the API key “${name}”`,
    );
    await expect(page.getByTestId('no-permissions-notice')).toHaveCount(0);
  });

  test('a new key with file permission comes with a ShareX uploader', async ({ page }) => {
    await signInAsAdmin(page);
    await openAdminModule(page, 'Key management');
    const name = uniqueName('sharex');
    await page.getByRole('button', { name: 'Create key' }).first().click();
    const form = page.getByTestId('api-key-form');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('File').check();
    await form.getByRole('button', { name: 'Create key' }).click();

    const dialog = page.getByRole('dialog', { name: 'API key created' });
    const key = (await dialog.getByTestId('created-api-key').textContent())?.trim() ?? '';
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('download-sharex').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sharebin-sharex.*\.sxcu$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const uploader = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const origin = new URL(page.url()).origin;
    expect(uploader).toMatchObject({
      RequestMethod: 'POST',
      RequestURL: `${origin}/api/upload`,
      Headers: { Authorization: `ApiKey ${key}` },
      FileFormName: 'file',
      URL: `${origin}/file/{json:data.slug}`,
    });
  });

  test('the create form checks its fields like the server does', async ({ page }) => {
    await signInAsAdmin(page);
    await openAdminModule(page, 'Key management');
    await page.getByRole('button', { name: 'Create key' }).first().click();
    const form = page.getByTestId('api-key-form');
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/api-keys')) posts += 1;
    });

    await form.getByText('Custom', { exact: true }).click();
    await form.getByTestId('use-custom-key').check();
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(form.getByText('The name is required')).toBeVisible();
    await expect(form.getByText('Enter the number of days')).toBeVisible();
    await expect(form.getByText('Enter the custom key')).toBeVisible();

    await form.getByLabel('Name').fill('validation');
    await form.getByLabel('Days until expiry').fill('0');
    await form.getByRole('textbox', { name: 'Custom key', exact: true }).fill('has spaces in it!!');
    await form.getByLabel('Base path').fill('/a/../b');
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(form.getByText('Enter a whole number of days greater than 0')).toBeVisible();
    await expect(form.getByText('Letters, digits, underscore and hyphen only')).toBeVisible();
    await expect(form.getByText('Enter a valid path such as / or /team/docs')).toBeVisible();

    await form.getByRole('textbox', { name: 'Custom key', exact: true }).fill('too_short');
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(form.getByText('At least 16 characters')).toBeVisible();
    expect(posts).toBe(0);
  });

  test('a custom key that exists already is refused by the server', async ({ page, request }) => {
    const customKey = `e2e_custom_${Date.now()}_abcdef`;
    await createKeyViaApi(request, { name: uniqueName('first'), custom_key: customKey });
    await signInAsAdmin(page);
    await openAdminModule(page, 'Key management');
    await page.getByRole('button', { name: 'Create key' }).first().click();
    const form = page.getByTestId('api-key-form');
    await form.getByLabel('Name').fill(uniqueName('second'));
    await form.getByTestId('use-custom-key').check();
    await form.getByRole('textbox', { name: 'Custom key', exact: true }).fill(customKey);
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(page.locator('.mantine-Notification-root').first()).toBeVisible();
    await expect(form).toBeVisible();
  });

  test('a key is edited and deleted', async ({ page, request }) => {
    const name = uniqueName('editable');
    await createKeyViaApi(request, { name, text_permission: true });
    await signInAsAdmin(page);
    await openAdminModule(page, 'Key management');
    const row = page.locator(`[data-testid="api-key-row"][data-key-name="${name}"]`);
    await row.getByRole('button', { name: `Edit ${name}` }).click();

    const form = page.getByTestId('api-key-form');
    const renamed = `${name} renamed`;
    await form.getByLabel('Name').fill(renamed);
    await form.getByLabel('File').check();
    await form.getByText('Never', { exact: true }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();

    const renamedRow = page.locator(`[data-testid="api-key-row"][data-key-name="${renamed}"]`);
    await expect(renamedRow.locator('[data-permission="file"]')).toBeVisible();

    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete API key' });
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(renamedRow).toHaveCount(0);
  });

  test('an API key without permissions cannot sign in and is sent Home', async ({
    page,
    request,
  }) => {
    const name = uniqueName('no permissions');
    const created = await createKeyViaApi(request, { name });

    await signInWithApiKey(page, created.key);
    await expect(page.getByTestId('login-error')).toContainText('Insufficient key permissions');
    expect(await page.evaluate(() => localStorage.getItem('api_key'))).toBeNull();

    // A stored session whose key lost its permissions: revalidation finds out, the guard
    // sends the user Home, and Home says why.
    await page.evaluate(
      ({ key, id, keyName }) => {
        localStorage.setItem('api_key', key);
        localStorage.setItem(
          'api_key_permissions',
          JSON.stringify({ text: true, file: false, mount: false }),
        );
        localStorage.setItem(
          'api_key_info',
          JSON.stringify({ id, name: keyName, basic_path: '/' }),
        );
      },
      { key: created.key, id: created.id, keyName: name },
    );
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('no-permissions-notice')).toBeVisible();
    await expect(page.getByTestId('paste-access')).toContainText(name);
  });
});
