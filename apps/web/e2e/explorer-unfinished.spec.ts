// The explorer's list of uploads that stopped half way (issue 32 item 6): what the server holds
// of each, and Discard, which drops the stored parts. Resuming one is in explorer-resume.spec.ts.
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, createMountViaApi, readOnlyKeyPage, signInAsAdmin } from './support';

const MiB = 1024 * 1024;

/** An upload of 12 MiB into `folder` with its first part stored, as a reload would leave it. */
async function startedUpload(request: APIRequestContext, folder: string, name: string) {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const init = await request.post('/api/admin/fs/multipart/init', {
    headers,
    data: {
      path: folder,
      filename: name,
      contentType: 'application/octet-stream',
      fileSize: 12 * MiB,
      fingerprint: `e2e-${name.replace(/[^A-Za-z0-9]/g, '')}-fingerprint`,
    },
  });
  expect(init.status()).toBe(200);
  const { parts } = ((await init.json()) as { data: { parts: { url: string; length: number }[] } })
    .data;
  const [first] = parts;
  if (!first) throw new Error('no part URL');
  const part = await request.post(first.url, {
    headers: { ...headers, 'Content-Type': 'application/octet-stream' },
    data: Buffer.alloc(first.length, 7),
  });
  expect(part.ok()).toBe(true);
  return headers;
}

test('an unfinished upload is listed with what is stored, in Chinese and dark, and discarded', async ({
  page,
  request,
}) => {
  const mount = await createMountViaApi(request);
  const headers = await startedUpload(request, mount.mount_path, 'film.mkv');
  await signInAsAdmin(page);
  await page.evaluate(() => {
    window.localStorage.setItem('themeMode', 'dark');
    window.localStorage.setItem('language', 'zh-CN');
  });
  await page.goto(`/mount-explorer${mount.mount_path}`);

  const panel = page.getByTestId('unfinished-uploads');
  await expect(panel).toContainText('此处有 1 个上传中途停止了');
  const row = panel.locator('[data-testid="unfinished-upload"][data-name="film.mkv"]');
  await expect(row).toContainText('已保存 5 MB / 12 MB');
  const contrast = await new AxeBuilder({ page })
    .include('[data-testid="unfinished-uploads"]')
    .withRules(['color-contrast'])
    .analyze();
  expect(contrast.violations).toEqual([]);
  if (process.env.SCREENSHOTS)
    await page.screenshot({ path: 'test-results/unfinished-dark-zh.png' });

  await row.getByRole('button', { name: '放弃 film.mkv 未完成的上传' }).click();
  await expect(panel).toHaveCount(0);
  const listed = await request.get('/api/admin/fs/multipart/uploads', {
    headers,
    params: { path: mount.mount_path },
  });
  expect(((await listed.json()) as { data: { uploads: unknown[] } }).data.uploads).toEqual([]);
});

test('the admin sees the list in English; a read-only key and the list of mounts do not', async ({
  page,
  browser,
  request,
}) => {
  const mount = await createMountViaApi(request);
  await startedUpload(request, mount.mount_path, 'other.bin');
  await signInAsAdmin(page);
  await page.goto(`/mount-explorer${mount.mount_path}`);
  await expect(page.getByTestId('unfinished-uploads')).toContainText(
    'An upload here stopped half way',
  );
  await expect(page.getByTestId('unfinished-upload')).toContainText('5 MB of 12 MB stored');
  // The list of mounts is no folder to upload into.
  await page.goto('/mount-explorer');
  await expect(page.getByTestId('entry-row').first()).toBeVisible();
  await expect(page.getByTestId('unfinished-uploads')).toHaveCount(0);

  const keyPage = await readOnlyKeyPage(browser, request, mount.mount_path, 'unfinished');
  await keyPage.goto(`/mount-explorer${mount.mount_path}`);
  await expect(keyPage.getByTestId('explorer-empty')).toBeVisible();
  await expect(keyPage.getByTestId('unfinished-uploads')).toHaveCount(0);
  await keyPage.close();
});
