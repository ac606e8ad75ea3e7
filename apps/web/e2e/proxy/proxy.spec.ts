import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, uniqueName } from '../support';

/**
 * Journeys through a real reverse proxy over TLS (scripts/proxy-e2e.sh runs them behind nginx
 * and Caddy, at the root and under /sb). Every address is relative to the base URL, which
 * ends with `/`: `page.goto('admin')` is `https://…/sb/admin`.
 */
const BASE = new URL(process.env.PROXY_E2E_URL ?? 'https://127.0.0.1:19461/');
const basePath = BASE.pathname; // `/` or `/sb/`

/** Console errors and failed same-origin answers while `work` runs on `page`. */
async function problemsWhile(page: Page, work: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== BASE.origin) return;
    if (!url.pathname.startsWith(basePath)) problems.push(`outside the base: ${url.pathname}`);
    if (response.status() >= 400) problems.push(`${response.status()} ${url.pathname}`);
  });
  await work();
  return problems;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('api/admin/login', { data: ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function signedInAs(page: Page, request: APIRequestContext) {
  const token = await adminToken(request);
  await page.addInitScript((value) => localStorage.setItem('admin_token', value), token);
}

test('the home page loads with its assets, no console error, over https with HSTS', async ({
  page,
}) => {
  const problems = await problemsWhile(page, async () => {
    const answer = await page.goto('./');
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['strict-transport-security']).toMatch(/^max-age=\d+/);
    await expect(page.locator('base')).toHaveAttribute('href', basePath);
    await expect(page.getByRole('link', { name: 'Sharebin' }).first()).toBeVisible();
    // A deep address loads the same app, its assets and lazily loaded chunks below the base.
    await page.goto('no/such/page/here');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });
  expect(problems).toEqual([]);
});

test('the admin signs in, shares a paste and its link opens under the base path', async ({
  page,
  browser,
}) => {
  await page.goto('admin');
  await page.getByRole('textbox', { name: 'Username' }).fill(ADMIN.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new URL('admin/dashboard', BASE).href);

  await page.goto('./');
  await expect(page.getByTestId('paste-access')).toHaveAttribute('data-access', 'allowed');
  const text = `Through the proxy ${uniqueName('p')}`;
  await page.locator('.cm-content').click();
  await page.keyboard.insertText(text);
  await page.getByTestId('create-paste-form').getByRole('button', { name: 'Create share' }).click();
  const shareLink = page.getByTestId('paste-created').getByTestId('share-link');
  await expect(shareLink).toHaveValue(new RegExp(`^${BASE.href}paste/[\\w-]+$`));
  const url = await shareLink.inputValue();

  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await expect(visitor.getByTestId('paste-content')).toContainText(text);
  } finally {
    await visitorContext.close();
  }
});

test('a file uploaded through the proxy downloads whole from its share link', async ({
  page,
  request,
  browser,
}) => {
  await signedInAs(page, request);
  await page.goto('upload');
  await expect(page.getByTestId('upload-access')).toHaveAttribute('data-access', 'allowed');
  const name = `${uniqueName('proxied').replace(/\W+/g, '-')}.txt`;
  const bytes = Buffer.from(`Uploaded through ${BASE.href}\n`);
  await page.getByTestId('upload-file-input').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: bytes,
  });
  await page.getByTestId('upload-start').click();
  const item = page.locator(`[data-testid="upload-item"][data-name="${name}"]`);
  await expect(item).toHaveAttribute('data-status', 'success');
  const link = item.getByTestId('upload-share-link');
  await expect(link).toHaveValue(new RegExp(`^${BASE.href}file/[\\w-]+$`));
  const url = await link.inputValue();

  const visitorContext = await browser.newContext();
  try {
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await expect(visitor.getByTestId('file-name')).toBeVisible();
    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByTestId('file-download').click(),
    ]);
    expect((await readFile(await download.path())).equals(bytes)).toBe(true);
  } finally {
    await visitorContext.close();
  }
});

test('the service worker registers with the base path as its scope, from a deep address', async ({
  page,
}) => {
  await page.goto('mount-explorer/some/folder');
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: BASE.href, script: new URL('sw.js', BASE).href });
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]') as HTMLLinkElement;
    const response = await fetch(link.href);
    return { url: link.href, body: (await response.json()) as { start_url: string } };
  });
  expect(manifest.url).toBe(new URL('manifest.webmanifest', BASE).href);
  expect(new URL(manifest.body.start_url, manifest.url).href).toBe(BASE.href);
});

test('WebDAV is shown at, and answers PROPFIND with hrefs under, the base path', async ({
  page,
  request,
}) => {
  // The address the explorer shows for WebDAV clients.
  await signedInAs(page, request);
  await page.goto('mount-explorer');
  await page.getByTestId('open-webdav').click();
  await expect(page.getByTestId('webdav-info').getByTestId('webdav-address')).toHaveValue(
    new URL('dav/', BASE).href,
  );

  const authorization = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const answer = await request.fetch('dav/', {
    method: 'PROPFIND',
    headers: { Authorization: authorization, Depth: '1' },
  });
  expect(answer.status()).toBe(207);
  const hrefs = [...(await answer.text()).matchAll(/<D:href>([^<]*)<\/D:href>/g)].map(
    (match) => match[1],
  );
  expect(hrefs).toContain(`${basePath}dav/`);
  for (const href of hrefs) expect(href?.startsWith(`${basePath}dav/`), href).toBe(true);
  const api = await request.get('api/health');
  expect(api.status()).toBe(200);
  expect(api.headers()['strict-transport-security']).toMatch(/^max-age=\d+/);
});
