// What the mount explorer shows of a file without opening it elsewhere (issue 32): thumbnails of
// images in the list and the grid (for the admin, a key and a shared folder's visitors), and the
// inside of an archive, from which a file can be taken out.
import { expect, type Page, test } from '@playwright/test';
import { putZipOf } from './archive-support';
import { putPicture } from './media-support';
import {
  adminToken,
  createMountViaApi,
  entryRow,
  putFile,
  readOnlyKeyPage,
  signInAsAdmin,
} from './support';

/** The picture shown in an entry's row: loaded, with pixels. */
async function expectThumbnail(page: Page, name: string) {
  const picture = entryRow(page, name).getByTestId('entry-thumbnail');
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test('images show thumbnails in the list and the grid; other files keep their icons', async ({
  page,
  browser,
  request,
}) => {
  const mount = await createMountViaApi(request);
  const folder = `${mount.mount_path}/photos`;
  await putPicture(request, folder, 'sunset.png', '#e8590c');
  await putPicture(request, folder, 'sea.png', '#1c7ed6');
  await putFile(request, folder, 'notes.txt', 'not a picture');

  await signInAsAdmin(page);
  await page.goto(`/mount-explorer${folder}`);
  await expectThumbnail(page, 'sunset.png');
  await expectThumbnail(page, 'sea.png');
  await expect(entryRow(page, 'notes.txt').getByTestId('entry-thumbnail')).toHaveCount(0);

  await page.getByTestId('view-toggle').getByLabel('Grid view').click();
  await expectThumbnail(page, 'sunset.png');
  await expect(entryRow(page, 'notes.txt').getByTestId('entry-thumbnail')).toHaveCount(0);

  // A read-only key inside the folder sees them too, through its own calls.
  const keyPage = await readOnlyKeyPage(browser, request, folder, 'thumbs');
  await keyPage.goto(`/mount-explorer${folder}`);
  await expectThumbnail(keyPage, 'sea.png');
  await keyPage.close();
});

test('a shared folder shows its pictures as thumbnails to a visitor, counting no download', async ({
  browser,
  request,
}) => {
  const mount = await createMountViaApi(request);
  const folder = `${mount.mount_path}/trip`;
  await putPicture(request, folder, 'beach.png', '#2f9e44');
  await putFile(request, folder, 'plan.txt', 'day one');
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post('/api/admin/fs/shares', {
    headers,
    data: { path: folder, max_views: 1 },
  });
  expect(created.status()).toBe(201);
  const share = ((await created.json()) as { data: { id: string; slug: string } }).data;

  const visitor = await browser.newPage();
  await visitor.goto(`/s/${share.slug}`);
  const picture = visitor
    .getByRole('row')
    .filter({ hasText: 'beach.png' })
    .getByTestId('fs-entry-thumbnail');
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(
    visitor.getByRole('row').filter({ hasText: 'plan.txt' }).getByTestId('fs-entry-thumbnail'),
  ).toHaveCount(0);
  await visitor.close();
  const after = await request.get(`/api/admin/fs/shares/${share.id}`, { headers });
  expect(((await after.json()) as { data: { views: number } }).data.views).toBe(0);
});

test('an archive’s preview lists what is inside and takes a file out', async ({
  page,
  request,
}) => {
  const mount = await createMountViaApi(request);
  const folder = `${mount.mount_path}/box`;
  await putFile(request, `${folder}/inner`, 'letter.txt', 'Dear reader');
  await putFile(request, `${folder}/inner`, 'list.txt', 'milk, bread');
  await putZipOf(request, [`${folder}/inner`], folder, 'letters.zip');

  await signInAsAdmin(page);
  await page.goto(`/mount-explorer${folder}?preview=letters.zip`);
  const preview = page.getByTestId('archive-preview');
  await expect(preview).toContainText('inner/letter.txt');
  await expect(preview).toContainText('inner/list.txt');
  const saved = page.waitForEvent('download');
  await preview.getByRole('button', { name: 'Download inner/letter.txt' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('letter.txt');
  const { readFile } = await import('node:fs/promises');
  expect(await readFile((await download.path()) as string, 'utf8')).toBe('Dear reader');
});
