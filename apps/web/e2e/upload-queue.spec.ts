import { createServer } from 'node:net';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken } from './support';
import { dropFiles, openUploadAsAdmin, queueItem, uniqueFile } from './upload-support';

const bytes = (size: number) => Buffer.alloc(size, 7);

async function setUploadLimit(request: APIRequestContext, size: number, unit: 'KB' | 'MB') {
  const token = await adminToken(request);
  const response = await request.put('/api/admin/system-settings', {
    data: { max_upload_size: size, max_upload_size_unit: unit },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
}

async function switchLanguage(page: Page, name: string) {
  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name }).click();
}

test.describe('the upload queue', () => {
  test.afterEach(async ({ request }) => {
    await setUploadLimit(request, 100, 'MB');
  });

  test('a file over the limit is refused when added, with the reason and no retry', async ({
    page,
    request,
  }) => {
    await setUploadLimit(request, 1, 'KB');
    await openUploadAsAdmin(page, request);
    await expect(page.getByTestId('upload-limit')).toContainText('1 KB');
    const big = uniqueFile('big', 'bin');
    const small = uniqueFile('small', 'txt');
    await dropFiles(page, [
      { name: big, type: 'application/octet-stream', bytes: bytes(4096) },
      { name: small, type: 'text/plain', bytes: bytes(100) },
    ]);
    const refused = queueItem(page, big);
    await expect(refused).toHaveAttribute('data-status', 'error');
    await expect(refused.getByTestId('upload-status')).toHaveText('Not accepted');
    await expect(refused.getByTestId('upload-error')).toHaveText(
      'The file is larger than the upload limit of 1 KB',
    );
    await expect(refused.getByTestId('upload-retry')).toHaveCount(0);
    await expect(page.getByTestId('upload-start')).toHaveText('Upload 1 file');

    // The reason follows the language.
    await switchLanguage(page, '简体中文');
    await expect(refused.getByTestId('upload-error')).toHaveText('文件超过上传大小限制 1 KB');

    await page.getByTestId('upload-start').click();
    await expect(queueItem(page, small)).toHaveAttribute('data-status', 'success');
    await expect(refused).toHaveAttribute('data-status', 'error');
  });

  test('with a custom suffix, one button starts the first file alone', async ({
    page,
    request,
  }) => {
    await openUploadAsAdmin(page, request);
    const first = uniqueFile('first', 'txt');
    const second = uniqueFile('second', 'txt');
    await dropFiles(page, [
      { name: first, type: 'text/plain', bytes: bytes(10) },
      { name: second, type: 'text/plain', bytes: bytes(20) },
    ]);
    const slug = first.replace(/\W+/g, '-').slice(0, 40);
    await page.getByTestId('upload-settings').getByLabel('Custom link suffix').fill(slug);
    await page.getByTestId('upload-start').click();
    await expect(page.getByText('start the files one at a time')).toBeVisible();
    await page.getByTestId('upload-start-first').click();
    await expect(queueItem(page, first)).toHaveAttribute('data-status', 'success');
    await expect(queueItem(page, first).getByTestId('upload-share-link')).toHaveValue(
      new RegExp(`/file/${slug}$`),
    );
    await expect(queueItem(page, second)).toHaveAttribute('data-status', 'pending');
  });

  test('a cancelled upload is shown as cancelled, not as a failure', async ({ page, request }) => {
    await openUploadAsAdmin(page, request);
    // The PUT of the file to the storage never answers: the row stays uploading until the
    // cancel aborts it.
    await page.route('**/*', (route) =>
      route.request().method() === 'PUT' ? undefined : route.continue(),
    );
    const name = uniqueFile('stopped', 'txt');
    await dropFiles(page, [{ name, type: 'text/plain', bytes: bytes(10) }]);
    await page.getByTestId('upload-start').click();
    const item = queueItem(page, name);
    await expect(item).toHaveAttribute('data-status', 'uploading');
    await item.getByTestId('upload-cancel').click();
    await expect(item.getByTestId('upload-status')).toHaveText('Cancelled');
    await expect(item).toHaveAttribute('data-cancelled', 'true');
    await expect(item.getByTestId('upload-status-icon')).toHaveAttribute('data-color', 'gray');
    const red = await item.getByTestId('upload-error').evaluate((node) => {
      const [r, g, b] = getComputedStyle(node).color.match(/\d+/g)?.map(Number) ?? [];
      return (r ?? 0) > 150 && (g ?? 0) < 100 && (b ?? 0) < 100;
    });
    expect(red).toBe(false);
  });

  test('an unreachable address is explained without the server’s internals', async ({
    page,
    request,
  }) => {
    // A port that was free a moment ago: connecting to it is refused.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    await openUploadAsAdmin(page, request);
    await page.getByTestId('tab-url').click();
    await page.getByTestId('url-input').fill(`http://127.0.0.1:${port}/file.bin`);
    await page.getByTestId('url-analyse').click();
    const failure = page.getByTestId('url-error');
    await expect(failure).toHaveText(
      'Could not analyse the address: The address could not be reached',
    );
    await expect(page.getByText(/ECONNREFUSED|127\.0\.0\.1:\d+/)).toHaveCount(0);
    await switchLanguage(page, '简体中文');
    await expect(failure).toHaveText('解析地址失败：无法访问该地址');
  });
});
