// The mount explorer on two server processes behind one address (ARCHITECTURE §8, §9): each
// process keeps its own directory cache, and a write through one must show in the listings of
// the other as soon as it has answered.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, createMountViaApi, signInAsAdmin } from '../support';

/** Who served an answer, as the round-robin proxy says (start-two-servers.mjs). */
const instanceOf = (response: { headers(): Record<string, string> }) =>
  response.headers()['x-sharebin-instance'];

const row = (page: Page, name: string) =>
  page.locator(`[data-testid="entry-row"][data-name="${name}"]`);

/**
 * Lists the folder through the proxy twice, so once through each process; the names each
 * process gave, by process.
 */
async function listOnBoth(request: APIRequestContext, token: string, path: string) {
  const names: Record<string, string[]> = {};
  for (let i = 0; i < 2; i++) {
    const response = await request.get(`/api/admin/fs/list?path=${encodeURIComponent(path)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const listing = (await response.json()) as { data: { items: { name: string }[] } };
    names[instanceOf(response) ?? '?'] = listing.data.items.map((item) => item.name).sort();
  }
  return names;
}

test('the explorer shows at once what was written through the other process', async ({
  page,
  browser,
  request,
}) => {
  // Two windows, a folder made and a file uploaded: more than one page's default budget.
  test.setTimeout(90_000);
  // An hour of directory cache: only an invalidation that reaches both processes shows a write.
  const mount = await createMountViaApi(request, { cacheTtl: 3600 });
  const token = await adminToken(request);
  // Both processes now hold the empty folder in their cache.
  expect(await listOnBoth(request, token, mount.mount_path)).toEqual({ '1': [], '2': [] });

  await signInAsAdmin(page);
  await page.goto(`/mount-explorer${mount.mount_path}`);
  await expect(page.getByTestId('explorer-empty')).toBeVisible();

  // A folder made in the explorer: each process lists it right after the write answered.
  const mkdir = page.waitForResponse((response) => response.url().endsWith('/fs/mkdir'));
  await page.getByTestId('open-new-folder').click();
  await page.getByTestId('name-input').fill('made-in-the-ui');
  await page.getByTestId('name-submit').click();
  expect((await mkdir).status()).toBe(201);
  await expect(row(page, 'made-in-the-ui')).toBeVisible();
  expect(await listOnBoth(request, token, mount.mount_path)).toEqual({
    '1': ['made-in-the-ui'],
    '2': ['made-in-the-ui'],
  });

  // A second window, open on the folder before an upload from the first, lists the upload
  // when it loads the folder again, whichever process answers.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signInAsAdmin(other);
  await other.goto(`/mount-explorer${mount.mount_path}`);
  await expect(row(other, 'made-in-the-ui')).toBeVisible();

  const upload = page.waitForResponse(
    (response) => response.url().includes('/fs/') && response.request().method() !== 'GET',
  );
  await page.getByTestId('open-upload').click();
  await page.getByTestId('upload-files-input').setInputFiles({
    name: 'from-the-other.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('written through one process\n'),
  });
  await expect(
    page.locator('[data-testid="mount-upload-item"][data-status="success"]'),
  ).toHaveCount(1);
  const writer = instanceOf(await upload);
  await page.keyboard.press('Escape');

  const lists: (string | undefined)[] = [];
  other.on('response', (response) => {
    if (response.url().includes('/fs/list')) lists.push(instanceOf(response));
  });
  // Loads of the folder until one is answered by the process that did not take the upload
  // (the proxy alternates per request, and a load makes several).
  const byTheOther = () => lists.some((instance) => instance !== writer);
  for (let look = 0; look < 6 && !byTheOther(); look++) {
    await other.reload();
    await expect(row(other, 'from-the-other.txt')).toBeVisible();
  }
  expect(byTheOther()).toBe(true);
  expect(await listOnBoth(request, token, mount.mount_path)).toEqual({
    '1': ['from-the-other.txt', 'made-in-the-ui'],
    '2': ['from-the-other.txt', 'made-in-the-ui'],
  });
  await otherContext.close();
});
