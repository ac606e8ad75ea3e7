// Resumable uploads (issue 32 item 6), in the mount explorer and on the upload page: an upload
// cut off by a reload goes on from the parts the server already holds when the same file is
// chosen again.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Route, test } from '@playwright/test';
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

  // Part 1 goes through; parts 2 and 3 are held, so the upload is running at the reload.
  const partNumbers: string[] = [];
  const held: Route[] = [];
  await page.route('**/api/admin/fs/multipart/part?**', (route) => {
    const partNumber = partNumberOf(route);
    partNumbers.push(partNumber);
    if (partNumber === '1') void route.continue();
    else held.push(route);
  });
  await page.getByTestId('open-upload').click();
  await page.getByTestId('upload-files-input').setInputFiles(file);
  await expect
    .poll(async () => (await sessions()).map((s) => s.parts.map((p) => p.partNumber)))
    .toEqual([[1]]);

  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.unroute('**/api/admin/fs/multipart/part?**');
  await page.getByTestId('task-manager-button').click();
  const task = page.locator('[data-testid="task-browser"]:has-text("holiday.mov")');
  await expect(task).toHaveAttribute('data-status', 'interrupted');
  await expect(task).toContainText('a large file goes on from the parts already sent');
  await page.keyboard.press('Escape');

  // The same file, chosen again: only the parts the server lacks are sent.
  partNumbers.length = 0;
  await page.route('**/api/admin/fs/multipart/part?**', (route) => {
    partNumbers.push(partNumberOf(route));
    void route.continue();
  });
  await page.getByTestId('open-upload').click();
  await page.getByTestId('upload-files-input').setInputFiles(file);
  await expect(
    page.locator('[data-testid="mount-upload-item"][data-status="success"]'),
  ).toHaveCount(1, { timeout: 60_000 });
  expect(partNumbers.sort()).toEqual(['2', '3']);
  await page.keyboard.press('Escape');
  await expect(entryRow(page, 'holiday.mov')).toBeVisible();

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

  // Part 1 is stored; parts 2 and 3 are held, so the upload is running at the reload.
  const parts = '**/api/storage/local/*/part?**';
  const held: Route[] = [];
  let firstStored: () => void = () => {};
  const stored = new Promise<void>((resolve) => {
    firstStored = resolve;
  });
  await page.route(parts, async (route) => {
    if (partNumberOf(route) !== '1') {
      held.push(route);
      return;
    }
    const response = await route.fetch();
    await route.fulfill({ response });
    if (response.ok()) firstStored();
  });
  await page.getByTestId('upload-file-input').setInputFiles(file);
  await page.getByTestId('upload-start').click();
  await stored;

  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await page.unroute(parts);
  const sent: string[] = [];
  await page.route(parts, (route) => {
    sent.push(partNumberOf(route));
    void route.continue();
  });
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
