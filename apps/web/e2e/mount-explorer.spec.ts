// The mount explorer against the real server, clicked as a user would (SPEC §2 /mount-explorer).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  createKeyViaApi,
  createMountViaApi as createMount,
  entryAction,
  entryRow,
  signInAsAdmin,
  signInWithApiKey,
  uniqueName,
} from './support';

/** A folder on disk to upload: `album/notes.txt`, `album/readme.md`, `album/deep/a.ts`. */
function folderOnDisk(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'explorer-e2e-'));
  const album = path.join(root, 'album');
  mkdirSync(path.join(album, 'deep'), { recursive: true });
  writeFileSync(path.join(album, 'notes.txt'), 'first line\n');
  writeFileSync(path.join(album, 'readme.md'), '# Album\n\nSome **bold** words.\n');
  writeFileSync(path.join(album, 'deep', 'a.ts'), 'export const a = 1;\n');
  return album;
}

test.describe('mount explorer', () => {
  test('the header links to the explorer only for who can use it', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Mount explorer' })).toHaveCount(0);
    await page.goto('/mount-explorer');
    await expect(page.getByTestId('explorer-access')).toContainText('Sign in');

    const key = await createKeyViaApi(request, {
      name: uniqueName('text only'),
      text_permission: true,
    });
    await signInWithApiKey(page, key.key);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Mount explorer' })).toHaveCount(0);
    await page.goto('/mount-explorer');
    await expect(page.getByTestId('explorer-access')).toContainText('no mount permission');
  });

  test('an admin browses, uploads a folder, renames, moves, copies, deletes, searches, edits and previews', async ({
    page,
    request,
  }) => {
    // One user journey through every dialog: longer than one page's default budget.
    test.setTimeout(120_000);
    const mount = await createMount(request);
    const mountName = mount.mount_path.slice(1);
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Mount explorer' }).first().click();
    await expect(page).toHaveTitle('Mount explorer · Sharebin');
    await entryRow(page, mountName).click();
    await expect(page).toHaveURL(new RegExp(`/mount-explorer/${mountName}$`));
    await expect(page.getByTestId('explorer-empty')).toBeVisible();

    // Create a folder.
    await page.getByTestId('open-new-folder').click();
    await page.getByTestId('name-input').fill('a/b');
    await page.getByTestId('name-submit').click();
    await expect(page.getByText('A name cannot contain / or \\')).toBeVisible();
    await page.getByTestId('name-input').fill('Reports');
    await page.getByTestId('name-submit').click();
    await expect(entryRow(page, 'Reports')).toBeVisible();

    // Upload a whole folder through the folder picker.
    await page.getByTestId('open-upload').click();
    await page.getByTestId('upload-folder-input').setInputFiles(folderOnDisk());
    await expect(page.getByTestId('mount-upload-item')).toHaveCount(3);
    await expect(
      page.locator('[data-testid="mount-upload-item"][data-status="success"]'),
    ).toHaveCount(3);
    await page.keyboard.press('Escape');
    await entryRow(page, 'album').click();
    await expect(entryRow(page, 'notes.txt')).toBeVisible();
    await expect(entryRow(page, 'readme.md')).toBeVisible();
    await expect(entryRow(page, 'deep')).toBeVisible();
    await expect(page.getByTestId('breadcrumbs')).toContainText('album');

    // Rename.
    await entryAction(page, 'notes.txt', 'Rename');
    await page.getByTestId('name-input').fill('notes-2026.txt');
    await page.getByTestId('name-submit').click();
    await expect(entryRow(page, 'notes-2026.txt')).toBeVisible();
    await expect(entryRow(page, 'notes.txt')).toHaveCount(0);

    // Move into the subfolder with the target picker.
    await entryAction(page, 'notes-2026.txt', 'Move');
    await page.getByTestId('folder-picker').getByText('deep', { exact: true }).click();
    await page.getByTestId('transfer-submit').click();
    await expect(entryRow(page, 'notes-2026.txt')).toHaveCount(0);
    await entryRow(page, 'deep').click();
    await expect(entryRow(page, 'notes-2026.txt')).toBeVisible();
    await page.getByTestId('breadcrumbs').getByText('album').click();

    // Copying a folder into itself warns first (SPEC §5); cancel, then copy next to it.
    await entryAction(page, 'deep', 'Copy');
    await page.getByTestId('folder-picker').getByText('deep', { exact: true }).click();
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('into-itself-warning')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await entryAction(page, 'deep', 'Copy');
    await page.getByRole('button', { name: 'Up one level' }).click();
    await page.getByTestId('folder-picker').getByText('Reports', { exact: true }).click();
    await page.getByTestId('transfer-submit').click();
    // The copy runs as a job; the explorer follows it and counts the files it copied.
    await expect(page.getByText('2 items copied')).toBeVisible();

    // Edit a text file in CodeMirror and see the saved text in its preview.
    await entryRow(page, 'readme.md').click();
    await expect(page.getByTestId('preview-markdown').locator('h1')).toHaveText('Album');
    await page.getByTestId('preview-edit').click();
    await page.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n## Edited');
    await page.getByTestId('editor-save').click();
    await expect(page.getByText('“readme.md” saved')).toBeVisible();
    await expect(page.getByTestId('preview-markdown').locator('h2')).toHaveText('Edited');
    await page.getByRole('button', { name: 'Close preview' }).click();

    // Search: too short, then found; a file result opens its preview.
    await page.getByTestId('open-search').click();
    await page.getByTestId('search-input').fill('a');
    await page.getByTestId('search-submit').click();
    await expect(page.getByText('The search keyword is too short')).toBeVisible();
    await page.getByTestId('search-input').fill('notes-2026');
    await page.getByTestId('search-submit').click();
    // Two hits: the file and its copy under Reports; open the one in the album.
    await expect(page.getByTestId('search-result')).toHaveCount(2);
    await page.getByTestId('search-result').filter({ hasText: 'album' }).click();
    await expect(page).toHaveURL(/\/album\/deep\?preview=notes-2026\.txt$/);
    await expect(page.getByTestId('preview-text')).toContainText('first line');
    await page.getByRole('button', { name: 'Close preview' }).click();

    // Batch delete with shift-click selection.
    await page.getByTestId('breadcrumbs').getByText(mountName).click();
    await entryRow(page, 'Reports').getByRole('checkbox').click();
    await entryRow(page, 'album')
      .getByRole('checkbox')
      .click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
    await page.getByTestId('delete-selected').click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByTestId('explorer-empty')).toBeVisible();
  });

  test('a key is kept within its base path and the explorer speaks Chinese', async ({
    browser,
    request,
  }) => {
    const mount = await createMount(request);
    const key = await createKeyViaApi(request, {
      name: uniqueName('mount key'),
      mount_permission: true,
      basic_path: mount.mount_path,
    });
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/admin');
    await page.getByTestId('login-mode').getByText('API 密钥').click();
    await page.getByPlaceholder('粘贴你的 API 密钥').fill(key.key);
    await page.getByRole('button', { name: '验证并登录' }).click();
    await expect(page.getByRole('link', { name: '挂载浏览', exact: true }).first()).toBeVisible();
    await page.goto('/mount-explorer');
    await expect(page).toHaveURL(new RegExp(`/mount-explorer${mount.mount_path}$`));
    await expect(page).toHaveTitle(`挂载浏览器 · ${mount.mount_path.slice(1)} · Sharebin`);
    await expect(page.getByTestId('explorer-empty')).toContainText('此文件夹为空');
    await page.getByTestId('open-new-folder').click();
    await page.getByTestId('name-input').fill('资料');
    await page.getByTestId('name-submit').click();
    await expect(entryRow(page, '资料')).toBeVisible();
    await context.close();
  });
});
