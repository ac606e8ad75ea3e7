// Resumable uploads in the mount explorer (issue 32 item 6): an upload cut off by a reload goes
// on from the parts the server already holds when the same file is chosen again.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Route, test } from '@playwright/test';
import { adminToken, createMountViaApi, entryRow, signInAsAdmin } from './support';

const MiB = 1024 * 1024;

test('an upload cut off by a page reload resumes from its stored parts', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A file on disk keeps its last-modified time between the two choices, as a user's file does.
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'resume-e2e-')), 'holiday.mov');
  const bytes = randomBytes(12 * MiB + 321);
  writeFileSync(file, bytes);
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
    const partNumber = new URL(route.request().url()).searchParams.get('partNumber') ?? '';
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
  await expect(task).toContainText('goes on from the parts already sent');
  await page.keyboard.press('Escape');

  // The same file, chosen again: only the parts the server lacks are sent.
  partNumbers.length = 0;
  await page.route('**/api/admin/fs/multipart/part?**', (route) => {
    partNumbers.push(new URL(route.request().url()).searchParams.get('partNumber') ?? '');
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
