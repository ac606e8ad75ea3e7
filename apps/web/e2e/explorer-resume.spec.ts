// Resumable uploads (issue 32 item 6), in the mount explorer, on the upload page and on an upload
// request's page: an upload cut off by a reload goes on from the parts the server already holds
// when the same file is chosen again.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, type Route, test } from '@playwright/test';
import { adminToken, createMountViaApi, entryRow, signInAsAdmin } from './support';
import { openUploadAsAdmin, queueItem, uniqueFile } from './upload-support';

const MiB = 1024 * 1024;

/** A file on disk keeps its last-modified time between two choices, as a user's file does. */
function fileOnDisk(name: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'resume-e2e-')), name);
  const bytes = randomBytes(12 * MiB + 321);
  writeFileSync(file, bytes);
  return { file, bytes };
}

const partNumberOf = (route: Route) =>
  new URL(route.request().url()).searchParams.get('partNumber') ?? '';

/**
 * Lets part 1 through and holds the others (the upload is still running at the reload).
 * `stored` settles once part 1 is stored (wrapped: an async function would wait for it).
 */
async function storeOnlyFirstPart(page: Page, parts: string) {
  let firstStored: () => void = () => {};
  const stored = new Promise<void>((resolve) => {
    firstStored = resolve;
  });
  await page.route(parts, async (route) => {
    if (partNumberOf(route) !== '1') return;
    const response = await route.fetch();
    await route.fulfill({ response });
    if (response.ok()) firstStored();
  });
  return { stored };
}

/** Reloads (the page asks first while a file is on its way), then counts the parts sent. */
async function reloadAndCountParts(page: Page, parts: string) {
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.unroute(parts);
  const sent: string[] = [];
  await page.route(parts, (route) => {
    sent.push(partNumberOf(route));
    void route.continue();
  });
  return sent;
}

test('an upload cut off by a page reload resumes from its stored parts', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { file, bytes } = fileOnDisk('holiday.mov');
  const mount = await createMountViaApi(request);
  const mountName = mount.mount_path.slice(1);
  const token = await adminToken(request);
  const sessions = async () => {
    const response = await request.get('/api/admin/fs/multipart/uploads', {
      headers: { Authorization: `Bearer ${token}` },
      params: { path: mount.mount_path },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { data: { uploads: { parts: { partNumber: number }[] }[] } })
      .data.uploads;
  };

  await signInAsAdmin(page);
  await page.goto(`/mount-explorer/${mountName}`);
  await expect(page.getByTestId('explorer-empty')).toBeVisible();

  const parts = '**/api/admin/fs/multipart/part?**';
  const { stored } = await storeOnlyFirstPart(page, parts);
  await page.getByTestId('open-upload').click();
  await page.getByTestId('upload-files-input').setInputFiles(file);
  await stored;
  // The server lists the upload with the part it holds, for any client to resume.
  expect((await sessions()).map((s) => s.parts.map((p) => p.partNumber))).toEqual([[1]]);

  const sent = await reloadAndCountParts(page, parts);
  await page.getByTestId('task-manager-button').click();
  const task = page.locator('[data-testid="task-browser"]:has-text("holiday.mov")');
  await expect(task).toHaveAttribute('data-status', 'interrupted');
  await expect(task).toContainText('Upload the file again');
  await page.keyboard.press('Escape');

  // The folder lists the upload that stopped, with what the server holds of it.
  const unfinished = page.locator('[data-testid="unfinished-upload"][data-name="holiday.mov"]');
  await expect(unfinished).toContainText('5 MB of 12 MB stored');

  // The same file, chosen again from there: only the parts the server lacks are sent.
  await page.getByTestId('unfinished-upload-input').setInputFiles(file);
  await expect(entryRow(page, 'holiday.mov')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('unfinished-uploads')).toHaveCount(0);
  expect(sent.sort()).toEqual(['2', '3']);

  const download = await request.get('/api/admin/fs/download', {
    headers: { Authorization: `Bearer ${token}` },
    params: { path: `${mount.mount_path}/holiday.mov` },
  });
  expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);
  expect(await sessions()).toEqual([]);
});

test('a share upload cut off by a page reload resumes from its stored parts', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = uniqueFile('resumed-share', 'bin');
  const { file } = fileOnDisk(name);
  await openUploadAsAdmin(page, request);

  const parts = '**/api/storage/local/*/part?**';
  const { stored } = await storeOnlyFirstPart(page, parts);
  await page.getByTestId('upload-file-input').setInputFiles(file);
  await page.getByTestId('upload-start').click();
  await stored;
  const sent = await reloadAndCountParts(page, parts);
  await page.getByTestId('upload-file-input').setInputFiles(file);
  await page.getByTestId('upload-start').click();
  await expect(queueItem(page, name)).toHaveAttribute('data-status', 'success', {
    timeout: 60_000,
  });
  expect(sent.sort()).toEqual(['2', '3']);

  // One share of the file, not one per try.
  const token = await adminToken(request);
  const listed = await request.get('/api/admin/files', {
    headers: { Authorization: `Bearer ${token}` },
    params: { search: name },
  });
  const shares = (
    (await listed.json()) as { data: { items: { filename: string; status: string }[] } }
  ).data.items;
  expect(shares.map((share) => [share.filename, share.status])).toEqual([[name, 'live']]);
});

/**
 * A file sent to a new upload request (with `limits`) into a fresh mount, cut off by a reload
 * after its first part, then chosen again on the page (after `afterReload`): only parts 2 and 3
 * go, the visitor is thanked, and the mount holds the file's very bytes.
 */
async function sendCutOffAndResume(
  page: Page,
  request: APIRequestContext,
  name: string,
  limits: Record<string, unknown>,
  afterReload: () => Promise<void> = async () => {},
) {
  const mount = await createMountViaApi(request);
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post('/api/admin/upload-requests', {
    headers,
    data: { path: mount.mount_path, ...limits },
  });
  expect(created.status()).toBe(201);
  const { slug } = ((await created.json()) as { data: { slug: string } }).data;
  const { file, bytes } = fileOnDisk(name);
  const parts = '**/api/public/upload-requests/*/multipart/part?**';
  await page.goto(`/r/${slug}`);
  const { stored } = await storeOnlyFirstPart(page, parts);
  await page.getByTestId('upload-request-input').setInputFiles(file);
  await stored;
  const sent = await reloadAndCountParts(page, parts);
  await afterReload();
  await page.getByTestId('upload-request-input').setInputFiles(file);
  // Every file sent: the page thanks the visitor.
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 60_000 });
  expect(sent.sort()).toEqual(['2', '3']);
  const download = await request.get('/api/admin/fs/download', {
    headers,
    params: { path: `${mount.mount_path}/${name}` },
  });
  expect(Buffer.from(await download.body()).equals(bytes)).toBe(true);
}

test('a file sent to an upload request resumes after a page reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  await sendCutOffAndResume(page, request, 'lecture.mp4', {});
});

test('the last file an upload request takes, cut off by a reload, resumes there', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await sendCutOffAndResume(page, request, 'only-one.mp4', { max_files: 1 }, async () => {
    // Its only place is held by the file on its way: the page says so instead of "full".
    await expect(page.getByTestId('upload-request-in-progress')).toBeVisible();
    await expect(page.getByTestId('upload-request-closed')).toHaveCount(0);
  });
});
