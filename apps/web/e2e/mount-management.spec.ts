import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  reindex_minutes: number | null;
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

/**
 * A mount over a folder of this machine that the test writes into behind Sharebin's back (a
 * local storage's `root_path`: the server runs here too).
 */
async function mountOverFolder(request: APIRequestContext, token: string) {
  const folder = mkdtempSync(path.join(tmpdir(), 'sharebin-e2e-reindex-'));
  const headers = { Authorization: `Bearer ${token}` };
  const storage = await request.post('/api/s3-configs', {
    headers,
    data: { name: uniqueName('Host folder'), storage_type: 'local', root_path: folder },
  });
  expect(storage.status()).toBe(201);
  const storageId = ((await storage.json()) as { data: { id: string } }).data.id;
  const name = uniqueName('Archive');
  const mount = await request.post('/api/admin/mounts', {
    headers,
    data: {
      name,
      storage_type: 'local',
      storage_config_id: storageId,
      mount_path: uniquePath('archive'),
    },
  });
  expect(mount.status()).toBe(201);
  return { folder, mount: ((await mount.json()) as { data: StoredMount }).data };
}

/** The names the search index finds for `q` in one mount (the API, as the explorer asks). */
async function searchNames(request: APIRequestContext, token: string, mountId: string, q: string) {
  const found = await getAsAdmin<{ items: { name: string }[] }>(
    request,
    token,
    `/api/admin/fs/search?q=${encodeURIComponent(q)}&scope=mount&mount_id=${mountId}`,
  );
  return found.items.map((item) => item.name);
}

/** Clicks the row's "Rebuild index" and answers the job the server queued. */
async function rebuildIndex(page: Page, row: Locator, name: string) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) => answer.url().endsWith('/reindex') && answer.request().method() === 'POST',
    ),
    row.getByRole('button', { name: `Rebuild index ${name}` }).click(),
  ]);
  expect(response.status()).toBe(202);
  return ((await response.json()) as { data: { job_id: string } }).data.job_id;
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

  test('the search index: rebuilt on a schedule set in the form, and now from the list', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const token = await adminToken(request);
    const { folder, mount } = await mountOverFolder(request, token);
    const stored = async () =>
      (await listMounts(request, token)).find((m) => m.id === mount.id)?.reindex_minutes;
    await signInAsAdmin(page);
    await openAdminModule(page, 'Mount management');
    const row = rowOf(page, mount.mount_path);
    await expect(row.getByTestId('mount-reindex-schedule')).toHaveCount(0);

    // Every 30 minutes: saved, shown in the list, and kept when the form opens again.
    const form = page.getByTestId('mount-form');
    const schedule = form.getByRole('textbox', { name: 'Rebuild the search index' });
    await row.getByRole('button', { name: `Edit ${mount.name}` }).click();
    await expect(schedule).toHaveValue('Off');
    await expect(
      form.getByText('search finds files added, changed or removed outside Sharebin'),
    ).toBeVisible();
    await schedule.click();
    await page.getByRole('option', { name: 'Every 30 minutes' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(row.getByTestId('mount-reindex-schedule')).toHaveText(
      'Index rebuild: Every 30 minutes',
    );
    expect(await stored()).toBe(30);

    // A custom interval out of range is refused on its field; off again clears it.
    await row.getByRole('button', { name: `Edit ${mount.name}` }).click();
    await expect(schedule).toHaveValue('Every 30 minutes');
    await schedule.click();
    await page.getByRole('option', { name: 'Custom…' }).click();
    const minutes = form.getByRole('textbox', { name: 'Every (minutes)' });
    await expect(minutes).toHaveValue('30');
    await minutes.fill('10');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText('The interval is a whole number of minutes from 15 to 10080'),
    ).toBeVisible();
    await expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(await stored()).toBe(30);
    await schedule.click();
    await page.getByRole('option', { name: 'Off' }).click();
    await expect(minutes).toBeHidden();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(row.getByTestId('mount-reindex-schedule')).toHaveCount(0);
    expect(await stored()).toBeNull();
    await row.getByRole('button', { name: `Edit ${mount.name}` }).click();
    await expect(schedule).toHaveValue('Off');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // A file written behind Sharebin's back is not in the index until it is rebuilt.
    const written = `behind-${Date.now().toString(36)}.txt`;
    writeFileSync(path.join(folder, written), 'written outside Sharebin\n');
    expect(await searchNames(request, token, mount.id, written)).toEqual([]);

    const jobId = await rebuildIndex(page, row, mount.name);
    await expect(
      page.getByText(`Rebuilding the search index of ${mount.mount_path}`),
    ).toBeVisible();
    // The count told is the index's own (GET reindex): the one file.
    await expect(
      page.getByText(`The search index of ${mount.mount_path} is rebuilt: 1 entry`),
    ).toBeVisible();
    const status = await getAsAdmin<{ running: boolean; entries: number }>(
      request,
      token,
      `/api/admin/mounts/${mount.id}/reindex`,
    );
    expect(status).toMatchObject({ running: false, entries: 1 });
    // The task manager has the job, ended. (Its button waits for the notifications over it.)
    await page.getByTestId('task-manager-button').click();
    const task = page.locator(`[data-task-id="${jobId}"]`);
    await expect(task).toContainText('Search index');
    await expect(task).toContainText(mount.mount_path);
    await expect(task).toHaveAttribute('data-status', 'completed');
    await expect(task.getByTestId('task-status')).toHaveText('Completed');
    await page.keyboard.press('Escape');
    expect(await searchNames(request, token, mount.id, written)).toEqual([written]);

    // The explorer's search finds it now.
    await row.getByRole('button', { name: `Browse ${mount.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/mount-explorer${mount.mount_path}$`));
    await page.getByTestId('open-search').click();
    await page.getByTestId('search-input').fill(written);
    await page.getByTestId('search-submit').click();
    await expect(page.getByTestId('search-result')).toHaveCount(1);
    await expect(page.getByTestId('search-result')).toContainText(written);
  });

  test('a rebuild of a mount that is gone says why, translated', async ({ page, request }) => {
    const token = await adminToken(request);
    const { mount } = await mountOverFolder(request, token);
    await signInAsAdmin(page);
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await openAdminModule(page, '挂载管理');
    const row = rowOf(page, mount.mount_path);
    await expect(row).toBeVisible();
    // Deleted behind the list's back: the server's 404 is shown in the reader's language.
    const gone = await request.delete(`/api/admin/mounts/${mount.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(gone.ok()).toBe(true);
    await row.getByRole('button', { name: `重建索引 ${mount.name}` }).click();
    await expect(page.getByText('该挂载点不存在')).toBeVisible();
  });
});

/** Every animation ended (modals, drawers, notifications), so a picture shows them still. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

test.describe('mount search index screenshots', () => {
  // Skipped in CI on purpose: pictures for a person to look at (themes and languages of the
  // form's schedule and of the rebuild in the task manager); they assert nothing the tests above
  // do not. Run with SCREENSHOTS=1.
  test.skip(
    !process.env.SCREENSHOTS,
    'pictures for review, not checks: set SCREENSHOTS=1 to take them',
  );
  const outDir = process.env.SCREENSHOT_DIR ?? '/tmp/shots-reindex';

  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en-US', 'zh-CN'] as const) {
      test(`${theme} ${language}`, async ({ page, request }) => {
        test.setTimeout(60_000);
        const name = `${theme}-${language}`;
        const english = language === 'en-US';
        const token = await adminToken(request);
        const { folder, mount } = await mountOverFolder(request, token);
        for (const file of ['report.pdf', 'notes.txt', 'photo.jpg']) {
          writeFileSync(path.join(folder, file), `${file}\n`);
        }
        await signInAsAdmin(page);
        await page.evaluate(
          ([mode, lang]) => {
            window.localStorage.setItem('themeMode', mode);
            window.localStorage.setItem('language', lang);
          },
          [theme, language] as const,
        );
        await page.setViewportSize({ width: 1366, height: 900 });
        await page.goto('/admin/mount-management');
        const row = rowOf(page, mount.mount_path);
        await expect(row).toBeVisible();

        const form = page.getByTestId('mount-form');
        await row
          .getByRole('button', { name: `${english ? 'Edit' : '编辑'} ${mount.name}` })
          .click();
        await form
          .getByRole('textbox', { name: english ? 'Rebuild the search index' : '重建搜索索引' })
          .click();
        await page.getByRole('option', { name: english ? 'Every 6 hours' : '每 6 小时' }).click();
        await form
          .getByRole('textbox', { name: english ? 'Rebuild the search index' : '重建搜索索引' })
          .click();
        await page.getByRole('option', { name: english ? 'Custom…' : '自定义…' }).click();
        await settled(page);
        await page.screenshot({ path: `${outDir}/form-${name}.png` });
        await form.getByRole('button', { name: english ? 'Save' : '保存' }).click();
        await expect(form).toBeHidden();
        await settled(page);
        await page.screenshot({ path: `${outDir}/list-${name}.png` });

        await row
          .getByRole('button', { name: `${english ? 'Rebuild index' : '重建索引'} ${mount.name}` })
          .click();
        await expect(
          page.getByText(english ? 'is rebuilt: 3 entries' : '的搜索索引已重建：3 个条目'),
        ).toBeVisible();
        await settled(page);
        await page.screenshot({ path: `${outDir}/rebuilt-${name}.png` });
        await page.getByTestId('task-manager-button').click();
        const task = page.locator('[data-testid="task-job"]', { hasText: mount.mount_path });
        await expect(task.first()).toHaveAttribute('data-status', 'completed');
        await settled(page);
        await page.screenshot({ path: `${outDir}/tasks-${name}.png` });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.keyboard.press('Escape');
        await settled(page);
        await page.screenshot({ path: `${outDir}/list-phone-${name}.png`, fullPage: true });
      });
    }
  }
});
