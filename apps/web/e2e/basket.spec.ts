// The file basket (SPEC §1): filled from the explorer, kept across a reload, downloaded as one zip.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createMountViaApi, entryRow, putFile, signInAsAdmin } from './support';

async function addFromRowMenu(page: Page, name: string) {
  await entryRow(page, name).getByTestId('entry-menu').click();
  await page.getByRole('menuitem', { name: 'Add to basket', exact: true }).click();
}

test('the basket takes a folder and a file, survives a reload and downloads one zip', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const mount = await createMountViaApi(request);
  const root = mount.mount_path;
  await putFile(request, `${root}/album`, 'one.txt', 'first file\n');
  await putFile(request, `${root}/album/deep`, 'two.txt', 'second file\n');
  await putFile(request, root, 'loose.txt', 'not in a folder\n');
  await putFile(request, root, 'other.txt', 'left out\n');

  await signInAsAdmin(page);
  await page.goto(`/mount-explorer${root}`);
  await expect(entryRow(page, 'album')).toBeVisible();

  // A folder from its row menu, a file through the selection toolbar.
  await addFromRowMenu(page, 'album');
  await expect(page.getByText('1 item added to the basket')).toBeVisible();
  await entryRow(page, 'loose.txt').getByRole('checkbox').click();
  await page.getByTestId('add-selected-to-basket').click();
  await expect(page.getByTestId('basket-count')).toHaveAttribute('data-count', '2');

  // Adding the folder again adds nothing, and says so.
  await addFromRowMenu(page, 'album');
  await expect(page.getByText('Nothing new')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('basket-count')).toHaveAttribute('data-count', '2');
  await page.getByTestId('open-basket').click();
  const drawer = page.getByRole('dialog', { name: 'File basket' });
  await expect(drawer.getByTestId('basket-entry')).toHaveCount(2);
  await expect(drawer.getByTestId('basket-summary')).toContainText('2 items');

  const downloadEvent = page.waitForEvent('download');
  await drawer.getByTestId('basket-download').click();
  const download = await downloadEvent;
  const saved = path.join(mkdtempSync(path.join(tmpdir(), 'basket-e2e-')), 'basket.zip');
  await download.saveAs(saved);
  execFileSync('unzip', ['-tq', saved]);
  const listing = execFileSync('unzip', ['-Z1', saved], { encoding: 'utf8' });
  const names = listing.split('\n').filter((name) => name !== '' && !name.endsWith('/'));
  expect(names.sort()).toEqual(['album/deep/two.txt', 'album/one.txt', 'loose.txt']);

  // Remove one entry, then a group, then clear.
  await drawer
    .locator('[data-testid="basket-entry"][data-path$="/loose.txt"]')
    .getByTestId('basket-remove')
    .click();
  await expect(drawer.getByTestId('basket-entry')).toHaveCount(1);
  await expect(page.getByTestId('basket-count')).toHaveAttribute('data-count', '1');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await addFromRowMenu(page, 'other.txt');
  await page.getByTestId('open-basket').click();
  await expect(drawer.getByTestId('basket-entry')).toHaveCount(2);
  // Both sit in the mount's top folder: removing that group empties the basket.
  await drawer.getByTestId('basket-remove-group').click();
  await expect(drawer.getByTestId('basket-empty')).toBeVisible();
  await page.keyboard.press('Escape');
  await addFromRowMenu(page, 'other.txt');
  await page.getByTestId('open-basket').click();
  await expect(drawer.getByTestId('basket-entry')).toHaveCount(1);
  await drawer.getByTestId('basket-clear').click();
  await expect(drawer.getByTestId('basket-empty')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('basket-count')).toHaveAttribute('data-count', '0');
});
