import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminToken, createKeyViaApi, signInWithApiKey, uniqueName } from './support';
import { dropFiles, openUploadAsAdmin, queueItem, uniqueFile } from './upload-support';

const MiB = 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Waits for a row to finish and answers its share link. */
async function shareLinkOf(page: Page, name: string, timeout = 10_000): Promise<string> {
  const item = queueItem(page, name);
  await expect(item).toHaveAttribute('data-status', 'success', { timeout });
  const link = item.getByTestId('upload-share-link');
  await expect(link).toHaveValue(/\/file\/[A-Za-z0-9_-]+$/);
  return link.inputValue();
}

/** Opens a share in a context of its own (no session), downloads it and answers the bytes. */
async function downloadAsVisitor(browser: Browser, url: string, password?: string) {
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    await visitor.goto(url);
    if (password) {
      await visitor.getByTestId('file-password').fill(password);
      await visitor.getByRole('button', { name: 'Unlock' }).click();
    }
    await expect(visitor.getByTestId('file-name')).toBeVisible();
    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByTestId('file-download').click(),
    ]);
    return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
  } finally {
    await context.close();
  }
}

/** A share record's status as the admin sees it (`uploading`, `live`), or 404 once gone. */
async function shareStatus(request: APIRequestContext, id: string): Promise<string | 404> {
  const token = await adminToken(request);
  const response = await request.get(`/api/admin/files/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status() === 404) return 404;
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { status: string } }).data.status;
}

test.describe('uploading files', () => {
  test('a dropped file is uploaded directly and its share downloads byte for byte', async ({
    page,
    browser,
    request,
  }) => {
    await openUploadAsAdmin(page, request);
    await expect(page.getByTestId('upload-limit')).toHaveText('Up to 100 MB per file');
    const name = uniqueFile('dropped', 'bin');
    const bytes = randomBytes(48 * 1024);
    await dropFiles(page, [{ name, type: 'application/octet-stream', bytes }]);

    const item = queueItem(page, name);
    await expect(item).toHaveAttribute('data-status', 'pending');
    await expect(item.getByTestId('upload-status')).toHaveText('Pending');
    await page.getByTestId('upload-start').click();
    const url = await shareLinkOf(page, name);
    await expect(item).toContainText('Direct upload');
    await expect(item.getByTestId('upload-status')).toHaveText('Done');
    await item.getByTestId('upload-share-link-qr').click();
    await expect(page.getByTestId('upload-qr')).toBeVisible();

    // The last uploads are remembered in this browser.
    await expect(page.getByTestId('recent-uploads')).toContainText(name);
    const recent = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('recent_uploads') ?? '[]'),
    );
    expect(recent[0].filename).toBe(name);

    const downloaded = await downloadAsVisitor(browser, url);
    expect(downloaded.name).toBe(name);
    expect(downloaded.bytes.equals(bytes)).toBe(true);
  });

  test('share settings apply: a protected share opens only with its password', async ({
    page,
    browser,
    request,
  }) => {
    await openUploadAsAdmin(page, request);
    const name = uniqueFile('protected', 'txt');
    const bytes = Buffer.from('For your eyes only.\n');
    await page.getByTestId('upload-file-input').setInputFiles({
      name,
      mimeType: 'text/plain',
      buffer: bytes,
    });
    const settings = page.getByTestId('upload-settings');
    await settings.getByLabel('Access password').fill('open-sesame-42');
    await settings.getByLabel('Remark').fill('Quarterly secret');
    await page.getByTestId('upload-start').click();
    const url = await shareLinkOf(page, name);

    const downloaded = await downloadAsVisitor(browser, url, 'open-sesame-42');
    expect(downloaded.bytes.equals(bytes)).toBe(true);
  });

  test('a custom link suffix that is reserved or badly formed is refused before uploading', async ({
    page,
    request,
  }) => {
    await openUploadAsAdmin(page, request);
    const name = uniqueFile('suffix', 'txt');
    await page.getByTestId('upload-file-input').setInputFiles({
      name,
      mimeType: 'text/plain',
      buffer: Buffer.from('suffix test'),
    });
    const slugField = page.getByTestId('upload-settings').getByLabel('Custom link suffix');
    await slugField.fill('upload');
    await page.getByTestId('upload-start').click();
    await expect(page.getByText('This link suffix is reserved, choose another')).toBeVisible();
    await slugField.fill('has space');
    await page.getByTestId('upload-start').click();
    await expect(page.getByText('Letters, digits, hyphen and underscore only')).toBeVisible();
    await expect(queueItem(page, name)).toHaveAttribute('data-status', 'pending');

    const slug = uniqueName('own').replace(/\W+/g, '-');
    await slugField.fill(slug);
    await page.getByTestId('upload-start').click();
    expect(await shareLinkOf(page, name)).toMatch(new RegExp(`/file/${slug}$`));
  });

  test('a file over 12 MB goes up in parts and downloads intact', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    await openUploadAsAdmin(page, request);
    const name = uniqueFile('large', 'bin');
    const bytes = randomBytes(12 * MiB + 345_678);
    await page.getByTestId('upload-file-input').setInputFiles({
      name,
      mimeType: 'application/octet-stream',
      buffer: bytes,
    });
    await page.getByTestId('upload-start').click();
    const item = queueItem(page, name);
    await expect(item).toContainText('Multipart upload');
    const url = await shareLinkOf(page, name, 60_000);

    const downloaded = await downloadAsVisitor(browser, url);
    expect(downloaded.bytes.length).toBe(bytes.length);
    expect(sha256(downloaded.bytes)).toBe(sha256(bytes));
  });

  test('cancelling a multipart upload aborts it; a retry then completes', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    await openUploadAsAdmin(page, request);
    const name = uniqueFile('cancelled', 'bin');
    const bytes = randomBytes(11 * MiB);
    // Hold every part transfer, so that the upload is still under way when it is cancelled.
    const partUrl = '**/api/storage/local/*/part?**';
    let heldParts = 0;
    await page.route(partUrl, () => {
      heldParts += 1;
    });
    await page.getByTestId('upload-file-input').setInputFiles({
      name,
      mimeType: 'application/octet-stream',
      buffer: bytes,
    });
    const init = page.waitForResponse((response) =>
      response.url().endsWith('/api/s3/multipart/init'),
    );
    await page.getByTestId('upload-start').click();
    const fileId = ((await (await init).json()) as { data: { file_id: string } }).data.file_id;
    const item = queueItem(page, name);
    await expect(item).toHaveAttribute('data-stage', 'uploading');
    await expect(item).toContainText('Multipart upload');
    await expect.poll(() => heldParts).toBeGreaterThan(0);
    expect(await shareStatus(request, fileId)).toBe('uploading');

    await item.getByTestId('upload-cancel').click();
    await expect(item).toHaveAttribute('data-status', 'error');
    await expect(item.getByTestId('upload-status')).toHaveText('Cancelled');
    await expect(item.getByTestId('upload-error')).toHaveText('Upload cancelled');
    // The abort removed the reserved share.
    await expect.poll(() => shareStatus(request, fileId)).toBe(404);

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await item.getByTestId('upload-retry').click();
    const url = await shareLinkOf(page, name, 60_000);
    const downloaded = await downloadAsVisitor(browser, url);
    expect(sha256(downloaded.bytes)).toBe(sha256(bytes));
  });
});

test.describe('storage choice', () => {
  test('a storage without room refuses with the numbers; a retry on another storage succeeds', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const auth = { Authorization: `Bearer ${token}` };
    const storageName = uniqueName('Tiny');
    const created = await request.post('/api/s3-configs', {
      headers: auth,
      data: {
        storage_type: 'local',
        name: storageName,
        default_folder: storageName.replace(/\W+/g, '-'),
        total_capacity_bytes: 1000,
      },
    });
    expect(created.status()).toBe(201);
    const storageId = ((await created.json()) as { data: { id: string } }).data.id;
    try {
      await openUploadAsAdmin(page, request);
      const storage = page.getByTestId('upload-settings').getByLabel('Storage');
      await expect(storage).toHaveValue(/Local storage/);
      await storage.click();
      await page.getByRole('option', { name: new RegExp(storageName) }).click();
      await expect(storage).toHaveValue(new RegExp(`${storageName} · Local · 1,000 B free`));

      const name = uniqueFile('roomy', 'bin');
      const bytes = randomBytes(5000);
      await page.getByTestId('upload-file-input').setInputFiles({
        name,
        mimeType: 'application/octet-stream',
        buffer: bytes,
      });
      await page.getByTestId('upload-start').click();
      const item = queueItem(page, name);
      await expect(item).toHaveAttribute('data-status', 'error');
      await expect(item.getByTestId('upload-error')).toHaveText(
        'Insufficient storage: the file needs 4.9 KB, only 1,000 B of 1,000 B remain',
      );

      await storage.click();
      await page.getByRole('option', { name: /^Local storage/ }).click();
      await item.getByTestId('upload-retry').click();
      await shareLinkOf(page, name);
    } finally {
      await request.delete(`/api/s3-configs/${storageId}`, { headers: auth });
    }
  });
});

test.describe('uploading from an address', () => {
  let server: Server;
  let origin: string;
  const served = new Map<string, { type: string; bytes: Buffer }>();
  const requests: string[] = [];

  test.beforeAll(async () => {
    server = createServer((incoming, response) => {
      requests.push(`${incoming.method} ${incoming.url}`);
      const file = served.get(incoming.url ?? '');
      if (!file) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, {
        'Content-Type': file.type,
        'Content-Length': String(file.bytes.length),
      });
      response.end(incoming.method === 'HEAD' ? undefined : file.bytes);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function uploadFromUrl(page: Page, path: string, expectedName: string) {
    await page.getByTestId('tab-url').click();
    await page.getByTestId('url-input').fill(`${origin}${path}`);
    await page.getByTestId('url-analyse').click();
    const info = page.getByTestId('url-info');
    await expect(info.getByTestId('url-filename')).toHaveValue(expectedName);
    await info.getByTestId('url-start').click();
  }

  test('a file on a web server is fetched, stored and shared (small and multipart)', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const small = { name: uniqueFile('notes', 'txt'), bytes: Buffer.from('Notes from the web.\n') };
    const large = { name: uniqueFile('dataset', 'bin'), bytes: randomBytes(11 * MiB + 4321) };
    served.set(`/files/${small.name}`, { type: 'text/plain', bytes: small.bytes });
    served.set(`/files/${large.name}`, { type: 'application/octet-stream', bytes: large.bytes });
    await openUploadAsAdmin(page, request);

    await expect(page.getByTestId('url-input')).toBeHidden();
    await uploadFromUrl(page, `/files/${small.name}`, small.name);
    const smallUrl = await shareLinkOf(page, small.name, 30_000);
    await expect(queueItem(page, small.name)).toContainText('Direct upload');

    await uploadFromUrl(page, `/files/${large.name}`, large.name);
    const largeUrl = await shareLinkOf(page, large.name, 60_000);
    await expect(queueItem(page, large.name)).toContainText('Multipart upload');
    // The page's CSP keeps the browser from fetching another origin: the server's proxy did.
    expect(requests.filter((line) => line.includes(large.name)).length).toBeGreaterThan(0);

    const smallDownload = await downloadAsVisitor(browser, smallUrl);
    expect(smallDownload.bytes.equals(small.bytes)).toBe(true);
    const largeDownload = await downloadAsVisitor(browser, largeUrl);
    expect(sha256(largeDownload.bytes)).toBe(sha256(large.bytes));
  });

  test('an address that is not http(s) is refused before anything is sent', async ({
    page,
    request,
  }) => {
    await openUploadAsAdmin(page, request);
    await page.getByTestId('tab-url').click();
    await page.getByTestId('url-input').fill('ftp://example.com/file.zip');
    await page.getByTestId('url-analyse').click();
    await expect(page.getByText('Enter a valid http or https address')).toBeVisible();
    await expect(page.getByTestId('url-info')).toHaveCount(0);
  });
});

test.describe('who may upload', () => {
  test('a visitor who is not signed in is told to sign in', async ({ page }) => {
    await page.goto('/upload');
    await expect(page).toHaveTitle('Upload files · Sharebin');
    const notice = page.getByTestId('upload-access');
    await expect(notice).toHaveAttribute('data-access', 'denied');
    await expect(notice).toContainText('Sign in to upload');
    await notice.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('an API key with file permission uploads; one without it is told why not', async ({
    page,
    browser,
    request,
  }) => {
    const uploader = await createKeyViaApi(request, {
      name: uniqueName('uploader'),
      file_permission: true,
    });
    await signInWithApiKey(page, uploader.key);
    await expect(page).toHaveURL(/\/admin/);
    await page.goto('/upload');
    const notice = page.getByTestId('upload-access');
    await expect(notice).toHaveAttribute('data-access', 'allowed');
    await expect(notice).toContainText(`Uploading with the API key “${uploader.name}”`);
    const name = uniqueFile('by-key', 'txt');
    const bytes = Buffer.from('uploaded with a key');
    await page.getByTestId('upload-file-input').setInputFiles({
      name,
      mimeType: 'text/plain',
      buffer: bytes,
    });
    await page.getByTestId('upload-start').click();
    const url = await shareLinkOf(page, name);
    expect((await downloadAsVisitor(browser, url)).bytes.equals(bytes)).toBe(true);

    const writer = await createKeyViaApi(request, {
      name: uniqueName('writer'),
      text_permission: true,
    });
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInWithApiKey(other, writer.key);
    await expect(other).toHaveURL(/\/admin/);
    await other.goto('/upload');
    const refused = other.getByTestId('upload-access');
    await expect(refused).toHaveAttribute('data-access', 'denied');
    await expect(refused).toContainText('This API key cannot upload files');
    await expect(other.getByTestId('upload-dropzone')).toHaveCount(0);
    await context.close();
  });
});
