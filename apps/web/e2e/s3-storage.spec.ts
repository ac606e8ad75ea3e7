import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { type S3rverInstance, startS3rver } from '../../server/src/test/s3rver';
import { adminToken, uniqueName } from './support';

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A 2×2 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4z8DwnwGMgRQAH+4D/dJQfRoAAAAASUVORK5CYII=',
  'base64',
);

// The whole way through an S3 storage in the browser: presigned and multipart PUTs straight to
// the bucket, then downloads and previews straight from it (direct downloads on).
test.describe('an S3 storage with direct downloads', () => {
  let s3: S3rverInstance;
  let storageName: string;
  let storageId: string;

  test.beforeAll(async ({ request }) => {
    s3 = await startS3rver();
    storageName = uniqueName('Bucket');
    const token = await adminToken(request);
    const created = await request.post('/api/s3-configs', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        ...s3.storageFields,
        name: storageName,
        direct_downloads: true,
      },
    });
    expect(created.status()).toBe(201);
    storageId = ((await created.json()) as { data: { id: string } }).data.id;
  });

  test.afterAll(async ({ request }) => {
    const token = await adminToken(request);
    const auth = { Authorization: `Bearer ${token}` };
    const list = await request.get('/api/admin/files?limit=100', { headers: auth });
    const items = (
      (await list.json()) as { data: { items: { id: string; s3_config_id: string }[] } }
    ).data.items;
    for (const item of items.filter((share) => share.s3_config_id === storageId))
      await request.delete(`/api/admin/files/${item.id}`, { headers: auth });
    await request.delete(`/api/s3-configs/${storageId}`, { headers: auth });
    await s3.stop();
  });

  async function uploadToBucket(page: Page, name: string, mimeType: string, bytes: Buffer) {
    const token = await adminToken(page.request);
    await page.addInitScript((value) => localStorage.setItem('admin_token', value), token);
    await page.goto('/upload');
    const storage = page.getByTestId('upload-settings').getByLabel('Storage');
    await storage.click();
    await page.getByRole('option', { name: new RegExp(storageName) }).click();
    await page.getByTestId('upload-file-input').setInputFiles({ name, mimeType, buffer: bytes });
    // Bytes go to the bucket, never through this server.
    const toBucket = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().startsWith(s3.endpoint),
    );
    await page.getByTestId('upload-start').click();
    await toBucket;
    const item = page.locator(`[data-testid="upload-item"][data-name="${name}"]`);
    await expect(item).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
    return item.getByTestId('upload-share-link').inputValue();
  }

  test('an image goes up presigned, shows from the bucket and downloads intact', async ({
    page,
    browser,
  }) => {
    const name = `${uniqueName('pixel').replace(/\W+/g, '-')}.png`;
    const url = await uploadToBucket(page, name, 'image/png', PNG);

    const visitor = await browser.newContext();
    try {
      const view = await visitor.newPage();
      await view.goto(url);
      const image = view.getByTestId('preview-image');
      await expect(image).toBeVisible();
      // The page's content policy lets the image come from the storage's own address.
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
      const [download] = await Promise.all([
        view.waitForEvent('download'),
        view.getByTestId('file-download').click(),
      ]);
      expect(download.url().startsWith(s3.endpoint)).toBe(true);
      expect(download.suggestedFilename()).toBe(name);
      expect((await readFile(await download.path())).equals(PNG)).toBe(true);
    } finally {
      await visitor.close();
    }
  });

  test('a file over 12 MB goes up in parts to the bucket and downloads intact', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const name = `${uniqueName('large').replace(/\W+/g, '-')}.bin`;
    const bytes = randomBytes(13 * MiB);
    const url = await uploadToBucket(page, name, 'application/octet-stream', bytes);

    const visitor = await browser.newContext();
    try {
      const view = await visitor.newPage();
      await view.goto(url);
      const [download] = await Promise.all([
        view.waitForEvent('download'),
        view.getByTestId('file-download').click(),
      ]);
      expect(sha256(await readFile(await download.path()))).toBe(sha256(bytes));
    } finally {
      await visitor.close();
    }
  });
});
