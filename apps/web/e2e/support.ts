import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';

/** The admin the test server is started with (see playwright.config.ts). */
export const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password' } as const;
/** E2E_PORT lets a second run (another worktree, another engineer) use a port of its own. */
export const E2E_PORT = Number(process.env.E2E_PORT) || 8788;

/** A name no other test (or earlier run against the same server) uses. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function signInWithPassword(page: Page, username: string, password: string) {
  await page.goto('/admin');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in as the admin through the login form and waits for the console's first module. */
export async function signInAsAdmin(page: Page) {
  await signInWithPassword(page, ADMIN.username, ADMIN.password);
  // SPEC §9: the dashboard is the admin's default module.
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
}

/** Opens an admin module from the console's navigation, by its name. */
export async function openAdminModule(page: Page, name: string) {
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

export async function signInWithApiKey(page: Page, key: string) {
  await page.goto('/admin');
  await page.getByTestId('login-mode').getByText('API key').click();
  await page.getByPlaceholder('Paste your API key').fill(key);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  // Settled: signed in (the form is gone) or refused (its error shows). A navigation before
  // then would cut the check short and leave the page signed out.
  await expect(async () => {
    const formGone = (await page.getByRole('button', { name: 'Verify and sign in' }).count()) === 0;
    expect(formGone || (await page.getByTestId('login-error').isVisible())).toBe(true);
  }).toPass();
}

/** A page of its own signed in with a new read-only mount key confined to `basicPath`. */
export async function readOnlyKeyPage(
  browser: Browser,
  request: APIRequestContext,
  basicPath: string,
  label: string,
): Promise<Page> {
  const key = await createKeyViaApi(request, {
    name: uniqueName(label),
    mount_permission: true,
    basic_path: basicPath,
    mount_read_only: true,
  });
  const page = await browser.newPage();
  await signInWithApiKey(page, key.key);
  return page;
}

/** An admin token straight from the API, for arranging data without the UI. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/admin/login', { data: ADMIN });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { token: string } };
  return body.data.token;
}

/** An admin GET that must answer 200; its `data`. */
export async function getAsAdmin<T>(
  request: APIRequestContext,
  token: string,
  url: string,
): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A local storage (in the server's data folder) for tests that need one of their own. */
export async function createLocalStorageViaApi(
  request: APIRequestContext,
  token: string,
  name: string,
): Promise<{ id: string; name: string }> {
  const response = await request.post('/api/s3-configs', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, storage_type: 'local' },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: string; name: string } }).data;
}

export interface CreatedKey {
  id: string;
  name: string;
  key: string;
}

export async function createKeyViaApi(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<CreatedKey> {
  const token = await adminToken(request);
  const response = await request.post('/api/admin/api-keys', {
    data: body,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: CreatedKey }).data;
}

export interface CreatedPaste {
  id: string;
  slug: string;
  has_password: boolean;
}

/** A paste created straight through the API as the admin, for arranging data without the UI. */
export async function createPasteViaApi(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<CreatedPaste> {
  const token = await adminToken(request);
  const response = await request.post('/api/paste', {
    data: body,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: CreatedPaste }).data;
}

export interface UploadedFile {
  id: string;
  slug: string;
  filename: string;
  size: number;
  has_password: boolean;
}

/**
 * A file share uploaded straight through the API (`POST /upload`) as the admin. The share
 * options go first as text fields, the file last.
 */
export async function uploadFileViaApi(
  request: APIRequestContext,
  file: { name: string; mimeType: string; buffer: Buffer },
  fields: Record<string, string> = {},
): Promise<UploadedFile> {
  const token = await adminToken(request);
  const response = await request.post('/api/upload', {
    multipart: { ...fields, file },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: UploadedFile }).data;
}

export interface CreatedMount {
  id: string;
  mount_path: string;
}

/**
 * A mount at a fresh path over a local storage of its own: mounts of one storage show the same
 * files, so each test gets a storage nobody else writes to. Listings are not cached unless a
 * `cacheTtl` (seconds) says so.
 */
export async function createMountViaApi(
  request: APIRequestContext,
  { cacheTtl = 0 }: { cacheTtl?: number } = {},
): Promise<CreatedMount> {
  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  // The newest mount sorts first at the explorer's root: a test that clicks the mount it just
  // made finds its row on screen however many mounts the run made before (the list is virtual).
  // Letters only, fixed width: the explorer sorts digit runs as numbers ("88" after "8a").
  const name = `e2e-${sortingLetters(1e13 - Date.now(), 10)}${sortingLetters(Math.random() * 26 ** 4, 4)}`;
  const { id } = await createLocalStorageViaApi(request, token, name);
  const response = await request.post('/api/admin/mounts', {
    headers,
    data: {
      name,
      storage_type: 'local',
      storage_config_id: id,
      mount_path: `/${name}`,
      cache_ttl: cacheTtl,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: CreatedMount }).data;
}

export interface CreatedFsShare {
  id: string;
  slug: string;
  url: string;
}

/** A share of a mounted file or folder, made straight through the API as the admin. */
export async function createFsShareViaApi(
  request: APIRequestContext,
  body: { path: string; slug?: string; password?: string; max_views?: number },
): Promise<CreatedFsShare> {
  const response = await request.post('/api/admin/fs/shares', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: body,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: CreatedFsShare }).data;
}

/** Puts a file into a mount folder through the API, as the admin. */
export async function putBytes(
  request: APIRequestContext,
  folder: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const response = await request.post('/api/admin/fs/upload', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    multipart: { path: folder, file },
  });
  expect(response.ok()).toBe(true);
}

/** Puts a small text file into a mount folder through the API, as the admin. */
export function putFile(
  request: APIRequestContext,
  folder: string,
  name: string,
  text = 'x',
): Promise<void> {
  return putBytes(request, folder, { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
}

/** `value` as `width` letters a–z (base 26), so that names made of it sort by it as text. */
function sortingLetters(value: number, width: number): string {
  let rest = Math.floor(value);
  let out = '';
  for (let i = 0; i < width; i++) {
    out = String.fromCharCode(97 + (rest % 26)) + out;
    rest = Math.floor(rest / 26);
  }
  return out;
}

/** The explorer's row of the entry `name`. */
export const entryRow = (page: Page, name: string) =>
  page.locator(`[data-testid="entry-row"][data-name="${name}"]`);

/** Picks `action` in the menu of the entry `name`. */
export async function entryAction(page: Page, name: string, action: string) {
  await entryRow(page, name).getByTestId('entry-menu').click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}
