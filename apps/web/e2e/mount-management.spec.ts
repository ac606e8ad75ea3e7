import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  adminToken,
  createLocalStorageViaApi,
  getAsAdmin,
  openAdminModule,
  signInAsAdmin,
  uniqueName,
} from './support';

interface StoredMount {
  id: string;
  name: string;
  mount_path: string;
  storage_config_id: string;
  storage_type: string;
  cache_ttl: number;
  sort_order: number;
  is_active: boolean;
}

const listMounts = async (request: APIRequestContext, token: string) =>
  (await getAsAdmin<{ items: StoredMount[] }>(request, token, '/api/admin/mounts')).items;

/** A path no other test (or earlier run against the same server) uses. */
const uniquePath = (prefix: string) =>
  `/${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const rowOf = (page: Page, path: string) =>
  page.locator(`[data-testid="mount-row"][data-mount-path="${path}"]`);

async function chooseStorage(page: Page, form: Locator, label: string, option: string) {
  await form.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('mount management', () => {
  test('the admin creates, refuses bad and taken paths, edits, toggles and deletes a mount', async ({
    page,
    request,
  }) => {
    // Every step of a mount's life in one journey: more than one page's default budget.
    test.setTimeout(60_000);
    const token = await adminToken(request);
    const storage = await createLocalStorageViaApi(request, token, uniqueName('mount disk'));
    const path = uniquePath('docs');
    const name = uniqueName('Docs');
    await signInAsAdmin(page);
    await openAdminModule(page, 'Mount management');
    await expect(page).toHaveTitle(/Mount management/);

    await page.getByRole('button', { name: 'Create mount' }).first().click();
    const form = page.getByTestId('mount-form');
    await expect(form.getByRole('textbox', { name: 'Cache TTL (seconds)' })).toHaveValue('300');
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await chooseStorage(page, form, 'Storage', `${storage.name} (Local)`);
    const pathInput = form.getByRole('textbox', { name: 'Mount path' });

    // SPEC §5: the path's form and the reserved paths are refused before anything is sent.
    await pathInput.fill('docs');
    await form.getByRole('button', { name: 'Create mount' }).click();
    await expect(
      form.getByText(
        'A mount path looks like /name or /name/sub: letters, digits, _, - and Chinese characters',
      ),
    ).toBeVisible();
    await expect(pathInput).toHaveAttribute('aria-invalid', 'true');
    await pathInput.fill('/api/files');
    await form.getByRole('button', { name: 'Create mount' }).click();
    await expect(form.getByText('This path is reserved by the system')).toBeVisible();
    await form.getByRole('textbox', { name: 'Cache TTL (seconds)' }).fill('90000');
    await form.getByRole('button', { name: 'Create mount' }).click();
    await expect(
      form.getByText('The cache TTL is a whole number of seconds from 0 to 86400'),
    ).toBeVisible();
    expect((await listMounts(request, token)).filter((m) => m.name === name)).toHaveLength(0);

    await pathInput.fill(`${path}/`);
    await form.getByRole('textbox', { name: 'Cache TTL (seconds)' }).fill('120');
    await form.getByRole('textbox', { name: 'Sort order' }).fill('5');
    await form.getByRole('button', { name: 'Create mount' }).click();
    await expect(form).toBeHidden();
    const row = rowOf(page, path);
    await expect(row).toBeVisible();
    await expect(row.getByText(name)).toBeVisible();
    await expect(row.getByText(storage.name)).toBeVisible();
    await expect(row.getByText('120 seconds')).toBeVisible();
    await expect(row.locator('[data-status="active"]')).toBeVisible();
    const created = (await listMounts(request, token)).find((m) => m.mount_path === path);
    expect(created).toMatchObject({
      name,
      storage_config_id: storage.id,
      storage_type: 'local',
      cache_ttl: 120,
      sort_order: 5,
      is_active: true,
    });

    // The same path again, in any letter case, is the server's to refuse, under the field.
    await page.getByRole('button', { name: 'Create mount' }).first().click();
    await form.getByRole('textbox', { name: 'Name' }).fill(uniqueName('Twin'));
    await chooseStorage(page, form, 'Storage', `${storage.name} (Local)`);
    await pathInput.fill(path);
    await form.getByRole('button', { name: 'Create mount' }).click();
    await expect(form.getByText(`Another mount already uses the path ${path}`)).toBeVisible();
    await expect(pathInput).toHaveAttribute('aria-invalid', 'true');
    const upper = path.toUpperCase();
    await pathInput.fill(upper);
    await form.getByRole('button', { name: 'Create mount' }).click();
    await expect(form.getByText(`Another mount already uses the path ${upper}`)).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    expect(
      (await listMounts(request, token)).filter((m) => m.mount_path.toLowerCase() === path),
    ).toHaveLength(1);

    // Edit: only what changed is sent; the list shows it.
    const renamed = uniqueName('Handbook');
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(form.getByRole('textbox', { name: 'Mount path' })).toHaveValue(path);
    await form.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await form.getByRole('textbox', { name: 'Sort order' }).fill('-2');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(row.getByText(renamed)).toBeVisible();
    await expect(row.getByText('-2', { exact: true })).toBeVisible();

    // Deactivate and activate again from the list.
    await row.getByRole('button', { name: `Deactivate ${renamed}` }).click();
    await expect(row.locator('[data-status="inactive"]')).toBeVisible();
    expect((await listMounts(request, token)).find((m) => m.id === created?.id)?.is_active).toBe(
      false,
    );
    await row.getByRole('button', { name: `Activate ${renamed}` }).click();
    await expect(row.locator('[data-status="active"]')).toBeVisible();

    // Browse leads to the explorer at the mount's path.
    await row.getByRole('button', { name: `Browse ${renamed}` }).click();
    await expect(page).toHaveURL(new RegExp(`/mount-explorer${path}$`));
    await page.goBack();

    await rowOf(page, path)
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    await page.getByTestId('confirm-delete').click();
    await expect(rowOf(page, path)).toHaveCount(0);
    expect((await listMounts(request, token)).find((m) => m.id === created?.id)).toBeUndefined();
  });

  test('in Chinese: the messages are translated, and ticked mounts are deleted together', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const storage = await createLocalStorageViaApi(request, token, uniqueName('挂载存储'));
    const name = uniqueName('报告');
    const path = `/报告${uniquePath('x').slice(1)}`;
    await signInAsAdmin(page);
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await openAdminModule(page, '挂载管理');
    await expect(page).toHaveTitle(/挂载管理/);

    await page.getByRole('button', { name: '创建挂载点' }).first().click();
    const form = page.getByTestId('mount-form');
    await form.getByRole('textbox', { name: '名称' }).fill(name);
    await chooseStorage(page, form, '存储', `${storage.name} (本地)`);
    const pathInput = form.getByRole('textbox', { name: '挂载路径' });
    await pathInput.fill('/a b');
    await form.getByRole('button', { name: '创建挂载点' }).click();
    await expect(
      form.getByText('挂载路径格式应为 /名称 或 /名称/子目录，只能包含字母、数字、_、- 和中文字符'),
    ).toBeVisible();
    await form.getByRole('textbox', { name: '名称' }).fill('');
    await form.getByRole('button', { name: '创建挂载点' }).click();
    await expect(form.getByText('请输入名称')).toBeVisible();
    expect(
      (await listMounts(request, token)).filter((m) => m.storage_config_id === storage.id),
    ).toHaveLength(0);

    await form.getByRole('textbox', { name: '名称' }).fill(name);
    await pathInput.fill(path);
    await form.getByRole('button', { name: '创建挂载点' }).click();
    await expect(form).toBeHidden();
    await expect(rowOf(page, path).locator('[data-status="active"]')).toHaveText('已启用');

    // A second mount through the API, then both ticked and deleted in one go.
    const second = uniquePath('second');
    const response = await request.post('/api/admin/mounts', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name: uniqueName('第二'),
        storage_type: 'local',
        storage_config_id: storage.id,
        mount_path: second,
      },
    });
    expect(response.status()).toBe(201);
    await page.getByRole('button', { name: '刷新' }).click();
    await rowOf(page, second).getByRole('checkbox').check();
    await rowOf(page, path).getByRole('checkbox').check();
    await page.getByTestId('batch-delete').click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText('已删除 2 个挂载点')).toBeVisible();
    await expect(rowOf(page, path)).toHaveCount(0);
    await expect(rowOf(page, second)).toHaveCount(0);
    expect(
      (await listMounts(request, token)).filter((m) => m.storage_config_id === storage.id),
    ).toHaveLength(0);
  });
});
