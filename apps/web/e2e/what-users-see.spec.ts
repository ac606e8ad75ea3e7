// Issue 27 §4 "What users see": copy and move conflicts, a read-only key's explorer, the way to
// WebDAV, a key's account page, the admin query kept through redirects, and the notice of a
// session ended at start-up.
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import {
  ADMIN,
  adminToken,
  createKeyViaApi,
  createMountViaApi,
  E2E_PORT,
  entryRow,
  putFile,
  signInAsAdmin,
  signInWithApiKey,
  uniqueName,
} from './support';

/** A mount with `cadtest/readme.txt` in it, and a key confined to `<mount>/cadtest`. */
async function keyBelowTheMount(request: APIRequestContext, mountReadOnly: boolean) {
  const mount = await createMountViaApi(request);
  const basePath = `${mount.mount_path}/cadtest`;
  await putFile(request, basePath, 'readme.txt', 'hello\n');
  const key = await createKeyViaApi(request, {
    name: uniqueName('cadtest key'),
    mount_permission: true,
    mount_read_only: mountReadOnly,
    basic_path: basePath,
  });
  return { mount, basePath, key };
}

async function keyPage(browser: Browser, key: string, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  if (locale === 'en-US') {
    await signInWithApiKey(page, key);
  } else {
    await page.goto('/admin');
    await page.getByTestId('login-mode').getByText('API 密钥').click();
    await page.getByPlaceholder('粘贴你的 API 密钥').fill(key);
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page.getByRole('button', { name: '验证并登录' })).toHaveCount(0);
  }
  return page;
}

test.describe('what users see', () => {
  test('copy offers every conflict mode; "keep both" copies beside the existing file', async ({
    page,
    request,
  }) => {
    const mount = await createMountViaApi(request);
    const root = mount.mount_path;
    await putFile(request, root, 'a.txt', 'new\n');
    await putFile(request, `${root}/b`, 'a.txt', 'already there\n');
    await signInAsAdmin(page);
    await page.goto(`/mount-explorer${root}`);

    await entryRow(page, 'a.txt').getByTestId('entry-menu').click();
    await page.getByRole('menuitem', { name: 'Copy', exact: true }).click();
    const conflict = page.getByTestId('transfer-conflict');
    await expect(conflict.getByRole('radio')).toHaveCount(4);
    for (const mode of ['Stop and report it', 'Skip it', 'Overwrite it', 'Keep both']) {
      await expect(conflict.getByRole('radio', { name: mode })).toBeVisible();
    }
    await expect(conflict.getByRole('radio', { name: 'Stop and report it' })).toBeChecked();
    await page.getByTestId('folder-picker').getByText('b', { exact: true }).click();
    await conflict.getByRole('radio', { name: 'Keep both' }).check();
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByText('1 item copied')).toBeVisible();

    await entryRow(page, 'b').click();
    await expect(entryRow(page, 'a.txt')).toBeVisible();
    await expect(entryRow(page, 'a (1).txt')).toBeVisible();
  });

  test('"Continue anyway" copies a folder into itself once, as it was', async ({
    page,
    request,
  }) => {
    const mount = await createMountViaApi(request);
    const root = mount.mount_path;
    await putFile(request, `${root}/dir/sub`, 'a.txt', 'a\n');
    await signInAsAdmin(page);
    await page.goto(`/mount-explorer${root}`);

    await entryRow(page, 'dir').getByTestId('entry-menu').click();
    await page.getByRole('menuitem', { name: 'Copy', exact: true }).click();
    await page.getByTestId('folder-picker').getByText('dir', { exact: true }).click();
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('into-itself-warning')).toContainText('as it is now, once');
    await page.getByTestId('transfer-confirm').click();
    await expect(page.getByText('1 item copied')).toBeVisible();
    await entryRow(page, 'dir').click();
    await entryRow(page, 'dir').click();
    await expect(entryRow(page, 'sub')).toBeVisible();
    await expect(entryRow(page, 'dir')).toHaveCount(0);
  });

  test('a read-only key is not offered Copy, and the folders above its base path are not links', async ({
    browser,
    request,
  }) => {
    const { mount, basePath, key } = await keyBelowTheMount(request, true);
    const page = await keyPage(browser, key.key);
    await page.goto(`/mount-explorer${basePath}`);
    await expect(entryRow(page, 'readme.txt')).toBeVisible();

    // The root and the mount's folder are the way down, not links the guard bounces back.
    const crumbs = page.getByTestId('breadcrumbs');
    await expect(crumbs.getByRole('link')).toHaveCount(0);
    await expect(crumbs.getByTestId('crumb-above-base')).toHaveText([
      'All mounts',
      mount.mount_path.slice(1),
    ]);

    await entryRow(page, 'readme.txt').getByTestId('entry-menu').click();
    await expect(page.getByRole('menuitem', { name: 'Download', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Copy', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await entryRow(page, 'readme.txt').getByRole('checkbox').click();
    await expect(page.getByTestId('selection-count')).toHaveText('1 selected');
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toHaveCount(0);

    // Below the base path, the base path itself is a link again.
    await page.request.post('/api/admin/fs/mkdir', {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
      data: { path: `${basePath}/deeper` },
    });
    await page.goto(`/mount-explorer${basePath}/deeper`);
    await expect(crumbs.getByRole('link')).toHaveText(['cadtest']);
    await page.context().close();
  });

  test('the explorer says how to connect with WebDAV, for the admin and for a key', async ({
    browser,
    page,
    request,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsAdmin(page);
    await page.goto('/mount-explorer');
    await page.getByTestId('open-webdav').click();
    const info = page.getByTestId('webdav-info');
    const address = `http://127.0.0.1:${E2E_PORT}/dav/`;
    await expect(info.getByTestId('webdav-address')).toHaveValue(address);
    await expect(info.getByTestId('webdav-sign-in')).toContainText('The administrator’s user name');
    await expect(info.getByTestId('webdav-sign-in')).toContainText('The administrator’s password');
    await info.getByTestId('webdav-copy').click();
    await expect(page.getByText('Address copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    // The address answers WebDAV with the credentials the panel names.
    const admin = Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64');
    const listed = await request.fetch(address, {
      method: 'PROPFIND',
      headers: { Authorization: `Basic ${admin}`, Depth: '1' },
    });
    expect(listed.status()).toBe(207);

    const { basePath, key } = await keyBelowTheMount(request, false);
    const keyed = await keyPage(browser, key.key, 'zh-CN');
    await keyed.goto(`/mount-explorer${basePath}`);
    await keyed.getByTestId('open-webdav').click();
    const keyInfo = keyed.getByTestId('webdav-info');
    await expect(keyInfo).toContainText('通过 WebDAV 连接');
    await expect(keyInfo.getByTestId('webdav-sign-in')).toContainText('任意名称');
    await expect(keyInfo.getByTestId('webdav-sign-in')).toContainText('此 API 密钥');
    await expect(keyInfo).toContainText(basePath);
    const asKey = Buffer.from(`anyone:${key.key}`).toString('base64');
    const keyListing = await request.fetch(`${address}${basePath.slice(1)}/`, {
      method: 'PROPFIND',
      headers: { Authorization: `Basic ${asKey}`, Depth: '1' },
    });
    expect(keyListing.status()).toBe(207);
    await keyed.context().close();
  });

  test("a key's account page says what it may do and opens its folder", async ({
    browser,
    request,
  }) => {
    const { basePath, key } = await keyBelowTheMount(request, true);
    const page = await keyPage(browser, key.key);
    await expect(page.getByTestId('account-panel')).toBeVisible();
    await expect(page.getByTestId('account-panel')).not.toContainText('will appear here');
    await expect(page.getByTestId('account-capabilities')).toHaveText(
      `Browse mounted storage under ${basePath} and download files (read only)`,
    );
    await page.getByTestId('account-open-folder').click();
    await expect(page).toHaveURL(new RegExp(`/mount-explorer${basePath}$`));
    await expect(entryRow(page, 'readme.txt')).toBeVisible();
    await page.context().close();
  });

  test('/admin?showEnvSwitcher keeps its query through the sign-in and the redirect', async ({
    page,
  }) => {
    await page.goto('/admin?showEnvSwitcher');
    await page.getByRole('textbox', { name: 'Username' }).fill(ADMIN.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard\?showEnvSwitcher$/);
    await expect(page.getByTestId('env-switcher')).toBeVisible();

    await page.goto('/admin?showEnvSwitcher');
    await expect(page).toHaveURL(/\/admin\/dashboard\?showEnvSwitcher$/);
    await expect(page.getByTestId('env-switcher')).toBeVisible();
  });

  test('a stored admin token refused at start-up shows "session expired", every time', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.evaluate(() => window.localStorage.setItem('admin_token', 'expired-token'));
    // The worst case, made certain: the check of the stored token has signed out before the
    // app renders (its language chunk is held until then).
    await page.route('**/assets/en-US-*.js', async (route) => {
      await page.waitForFunction(() => window.localStorage.getItem('admin_token') === null);
      await route.continue();
    });
    await page.reload();
    await expect(
      page.getByText('Admin session expired, please log in again').first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to Sharebin' })).toBeVisible();
  });
});
