// Thumbnails in the mount explorer (issue 32 item 1): images show their own picture in the list
// and the grid, for the admin and for a key, and every other file keeps its icon.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import {
  adminToken,
  createKeyViaApi,
  createMountViaApi,
  entryRow,
  putFile,
  signInAsAdmin,
  signInWithApiKey,
  uniqueName,
} from './support';

async function putPicture(request: APIRequestContext, folder: string, name: string, color: string) {
  const buffer = await sharp({
    create: { width: 320, height: 200, channels: 3, background: color },
  })
    .png()
    .toBuffer();
  const response = await request.post('/api/admin/fs/upload', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    multipart: { path: folder, file: { name, mimeType: 'image/png', buffer } },
  });
  expect(response.ok()).toBe(true);
}

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
  const key = await createKeyViaApi(request, {
    name: uniqueName('thumbs'),
    mount_permission: true,
    basic_path: folder,
    mount_read_only: true,
  });
  const keyPage = await browser.newPage();
  await signInWithApiKey(keyPage, key.key);
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
