// What the mount explorer shows of a file without opening it elsewhere (issue 32): thumbnails of
// images, video posters and PDF first pages in the list and the grid (for the admin, a key and
// a shared folder's visitors), and the inside of an archive, from which a file can be taken out.
import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { putZipOf } from './archive-support';
import { putPicture, recordWebm } from './media-support';
import {
  adminToken,
  createFsShareViaApi,
  createMountViaApi,
  entryRow,
  getAsAdmin,
  putBytes,
  putFile,
  readOnlyKeyPage,
  signInAsAdmin,
} from './support';

/** Whether ffmpeg and pdftoppm are on the PATH (optional; CI installs them and requires them). */
function thumbnailToolsHere(): boolean {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
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
  const keyPage = await readOnlyKeyPage(browser, request, folder, 'thumbs');
  await keyPage.goto(`/mount-explorer${folder}`);
  await expectThumbnail(keyPage, 'sea.png');
  await keyPage.close();
});

test('videos show a poster with a play mark, PDFs their first page (ffmpeg, pdftoppm)', async ({
  page,
  request,
}) => {
  test.skip(
    !thumbnailToolsHere() && process.env.THUMBNAIL_TOOLS_REQUIRED !== '1',
    'ffmpeg and pdftoppm are optional: not installed here',
  );
  const mount = await createMountViaApi(request);
  const folder = `${mount.mount_path}/media`;
  await signInAsAdmin(page);
  await putBytes(request, folder, {
    name: 'clip.webm',
    mimeType: 'video/webm',
    buffer: await recordWebm(page),
  });
  await page.setContent('<h1 style="font-size:90px">Report</h1><p>First page</p>');
  await putBytes(request, folder, {
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: await page.pdf({ width: '300px', height: '400px' }),
  });

  await page.goto(`/mount-explorer${folder}`);
  await page.getByTestId('view-toggle').getByLabel('Grid view').click();
  await expectThumbnail(page, 'clip.webm');
  await expectThumbnail(page, 'report.pdf');
  const poster = entryRow(page, 'clip.webm').getByTestId('entry-thumbnail');
  await expect(entryRow(page, 'clip.webm').getByTestId('poster-mark')).toBeVisible();
  await expect(entryRow(page, 'report.pdf').getByTestId('poster-mark')).toHaveCount(0);
  if (process.env.SCREENSHOTS) await page.screenshot({ path: 'test-results/thumbnails-grid.png' });
  // The PDF's page is taller than wide; the poster is the recorded 64 × 48 frame.
  expect(
    await poster.evaluate((img: HTMLImageElement) => img.naturalWidth / img.naturalHeight),
  ).toBeCloseTo(64 / 48, 1);
  const page1 = entryRow(page, 'report.pdf').getByTestId('entry-thumbnail');
  expect(
    await page1.evaluate((img: HTMLImageElement) => img.naturalHeight > img.naturalWidth),
  ).toBe(true);
});

test('a shared folder shows its pictures as thumbnails to a visitor, counting no download', async ({
  browser,
  request,
}) => {
  const mount = await createMountViaApi(request);
  const folder = `${mount.mount_path}/trip`;
  await putPicture(request, folder, 'beach.png', '#2f9e44');
  await putFile(request, folder, 'plan.txt', 'day one');
  const share = await createFsShareViaApi(request, { path: folder, max_views: 1 });

  const visitor = await browser.newPage();
  await visitor.goto(`/s/${share.slug}`);
  const picture = visitor
    .getByRole('row')
    .filter({ hasText: 'beach.png' })
    .getByTestId('entry-thumbnail');
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(
    visitor.getByRole('row').filter({ hasText: 'plan.txt' }).getByTestId('entry-thumbnail'),
  ).toHaveCount(0);
  await visitor.close();
  const after = await getAsAdmin<{ views: number }>(
    request,
    await adminToken(request),
    `/api/admin/fs/shares/${share.id}`,
  );
  expect(after.views).toBe(0);
});

test('a long shared folder asks only for the pictures near the screen', async ({
  browser,
  request,
}) => {
  const mount = await createMountViaApi(request);
  const folder = `${mount.mount_path}/album`;
  const names = Array.from({ length: 40 }, (_, n) => `photo-${String(n).padStart(2, '0')}.png`);
  for (const name of names) await putPicture(request, folder, name, '#1971c2', { width: 60 });
  const share = await createFsShareViaApi(request, { path: folder });

  const visitor = await browser.newPage({ viewport: { width: 1000, height: 500 } });
  const asked = new Set<string>();
  visitor.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.endsWith('/thumbnail')) asked.add(url.searchParams.get('path') ?? '');
  });
  await visitor.goto(`/s/${share.slug}`);
  const row = (name: string) => visitor.getByRole('row').filter({ hasText: name });
  await expect(row('photo-00.png').getByTestId('entry-thumbnail')).toBeVisible();
  // The rows further down ask for nothing until they come near.
  expect(asked.size).toBeLessThan(names.length / 2);
  expect(asked.has('/photo-39.png')).toBe(false);
  await row('photo-39.png').scrollIntoViewIfNeeded();
  await expect(row('photo-39.png').getByTestId('entry-thumbnail')).toBeVisible();
  expect(asked.has('/photo-39.png')).toBe(true);
  await visitor.close();
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
