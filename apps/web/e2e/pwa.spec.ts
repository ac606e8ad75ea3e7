import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { arrangeOfflineData, entryRow, seeWhileOnline } from './offline-support';
import { signInAsAdmin } from './support';

// The installable app (SPEC §2, §4): this file runs with the service worker, which the other
// specs block (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

declare global {
  interface Window {
    __sameDocument?: boolean;
    __installPrompted?: number;
  }
}

/** Waits until the service worker is active and controls the page (it claims it at once). */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL path in the service worker's caches (precache and runtime). */
async function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        paths.push(new URL(request.url).pathname);
      }
    }
    return paths;
  });
}

test.describe('installable app', () => {
  test('the manifest and the service worker register; the app shell is precached', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    // Relative, like every address of the build: the app runs under any base path (PUBLIC_URL's).
    expect(href).toBe('./manifest.webmanifest');
    const manifestResponse = await page.request.get(href ?? '');
    expect(manifestResponse.headers()['content-type']).toBe('application/manifest+json');
    const manifest = await manifestResponse.json();
    expect(manifest).toMatchObject({
      name: 'Sharebin',
      start_url: './',
      scope: './',
      display: 'standalone',
      theme_color: '#4c6ef5',
    });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual([
      '192x192',
      '512x512',
      '512x512',
    ]);
    expect(manifest.icons[2].purpose).toBe('maskable');
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }

    await waitForServiceWorker(page);
    const registration = await page.evaluate(async () => {
      const found = await navigator.serviceWorker.getRegistration();
      return { scope: found?.scope, script: found?.active?.scriptURL };
    });
    expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');

    const cached = await cachedPaths(page);
    const entrySrc = await page.locator('script[type="module"]').getAttribute('src');
    const entry = new URL(entrySrc ?? '', page.url()).pathname;
    expect(cached).toEqual(
      expect.arrayContaining(['/index.html', entry, '/pwa-192x192.png', '/manifest.webmanifest']),
    );
    expect(cached.some((path) => /\/HomePage-[\w-]+\.js$/.test(path))).toBe(true);
    // The editor too: an installed app opened offline for the first time can still write.
    expect(cached.some((path) => /\/CodeEditor-[\w-]+\.js$/.test(path))).toBe(true);
    // Heavy libraries load on demand and are cached once used, never precached; nor is the API.
    expect(cached.filter((path) => /mermaid|katex|docx|cytoscape/i.test(path))).toEqual([]);
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
  });

  test('a new build shows the update prompt; nothing reloads until the user chooses', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    // Text in the editor is work a reload would lose.
    await page.locator('.cm-content').click();
    await page.keyboard.type('notes not shared yet');

    // A new build: the worker script changes (served as is, without its compressed twins).
    const worker = { path: `${dist}sw.js`, bytes: readFileSync(`${dist}sw.js`) };
    const twins = ['sw.js.br', 'sw.js.gz'].map((name) => ({
      path: dist + name,
      bytes: readFileSync(dist + name),
    }));
    try {
      for (const twin of twins) rmSync(twin.path);
      writeFileSync(worker.path, `${worker.bytes}\n// next build ${Date.now()}\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await expect(page.getByTestId('update-prompt')).toBeVisible();
    } finally {
      for (const file of [worker, ...twins]) writeFileSync(file.path, file.bytes);
    }
    // The new worker waits; the page is the same document, with its text.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting !== null, same: window.__sameDocument };
      }),
    ).toEqual({ waiting: true, same: true });
    await expect(page.locator('.cm-content')).toContainText('notes not shared yet');

    // "Reload" asks first, naming what would be lost; "Keep working" keeps everything.
    const prompt = page.getByTestId('update-prompt');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    const confirm = page.getByTestId('update-confirm');
    await expect(confirm).toContainText('text in the editor that has not been shared yet');
    await page.getByRole('button', { name: 'Keep working' }).click();
    await expect(confirm).toBeHidden();
    expect(await page.evaluate(() => window.__sameDocument)).toBe(true);

    // "Reload anyway": the new worker takes over and the page loads again, once.
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('button', { name: 'Reload anyway' }).click();
    await page.waitForFunction(() => window.__sameDocument === undefined);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New paste');
    await expect(page.getByTestId('update-prompt')).toBeHidden();
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting ?? null;
      }),
    ).toBeNull();
  });

  test('offline, a page never opened shows the offline page and the toast', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await expect(page.getByTestId('offline-badge')).toBeHidden();

    await context.setOffline(true);
    await expect(page.getByTestId('offline-badge')).toHaveText('Offline mode');
    // The upload page's code was never downloaded: the worker serves the app, not the page.
    await page.goto('/upload');
    const offlinePage = page.getByTestId('offline-page');
    await expect(offlinePage).toBeVisible();
    await expect(offlinePage.getByRole('heading')).toHaveText('Page temporarily unavailable');
    await expect(offlinePage).toContainText('You are offline');
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    const toast = page.getByText('File upload page temporarily unavailable, please check network');
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden();

    // Retry while still offline: the same page; once online, the upload page itself.
    await offlinePage.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId('offline-badge')).toBeHidden();
    await page.getByTestId('offline-page').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('upload-access')).toBeVisible();
    await expect(page.getByTestId('offline-page')).toBeHidden();
  });

  test('offline, a reload opens a paste and a folder seen before, from the cache, signed in', async ({
    page,
    context,
    request,
  }) => {
    const { slug, mountName } = await arrangeOfflineData(request);
    await signInAsAdmin(page);
    await waitForServiceWorker(page);
    // Seen while the worker controls the page: their code and their data are kept.
    await seeWhileOnline(page, slug, mountName);

    await context.setOffline(true);
    await page.goto(`/paste/${slug}`);
    const notice = page.getByTestId('cached-data-notice');
    await expect(page.getByTestId('paste-content')).toContainText('Kept for the road.');
    await expect(notice).toContainText('Offline: showing data saved');
    await page.goto(`/mount-explorer/${mountName}`);
    await expect(entryRow(page, 'Reports')).toBeVisible();
    await expect(notice).toBeVisible();
    // The session is kept while the server cannot be asked (README, Offline mode).
    await page.goto('/admin');
    await expect(page.getByTestId('sign-out').first()).toBeVisible();
  });

  test('the offline page leads back home and one page back', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Admin' }).first().click();
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await expect(
      page.getByText('Admin panel temporarily unavailable, please check network'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New paste');

    await page.getByRole('link', { name: 'Upload' }).first().click();
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New paste');
  });

  test('the install prompt follows the browser offer; "Not now" hides it for 7 days', async ({
    page,
  }) => {
    await page.clock.install({ time: new Date('2026-11-20T10:00:00Z') });
    /** Headless Chromium never offers installation: the test plays the browser's part. */
    const offerInstall = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {
            window.__installPrompted = (window.__installPrompted ?? 0) + 1;
          },
        });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New paste');
    const prompt = page.getByTestId('install-prompt');
    // The app takes the offer from the browser (no mini-infobar) and shows it at its next check.
    expect(await offerInstall()).toBe(true);
    await page.clock.runFor(5_000);
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('Install Sharebin');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await expect(prompt).toBeHidden();
    const stored = await page.evaluate(() => localStorage.getItem('pwa_install_dismissed'));
    const dismissal = JSON.parse(stored ?? 'null');
    expect(dismissal.value).toBe(true);
    expect(dismissal.savedAt - Date.parse('2026-11-20T10:00:00Z')).toBeGreaterThanOrEqual(5_000);
    expect(dismissal.savedAt - Date.parse('2026-11-20T10:00:00Z')).toBeLessThan(60_000);

    // Six days later the offer comes again and stays unanswered through several checks.
    await page.clock.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New paste');
    expect(await offerInstall()).toBe(true);
    await page.clock.runFor(15_000);
    await expect(page.getByTestId('install-prompt')).toHaveCount(0);

    // Seven days after "Not now", the next check shows it; "Install" hands over to the browser.
    await page.clock.setSystemTime(new Date('2026-11-27T10:00:05Z'));
    await page.clock.runFor(5_000);
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Install' }).click();
    await expect(prompt).toBeHidden();
    expect(await page.evaluate(() => window.__installPrompted)).toBe(1);
  });
});

test.describe('environment switcher', () => {
  // page.route() sees every request only without a service worker in between.
  test.use({ serviceWorkers: 'block' });

  test('only for the admin, only with ?showEnvSwitcher; saves a checked backend address', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/?showEnvSwitcher');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New paste');
    await expect(page.getByTestId('env-switcher')).toHaveCount(0);

    await signInAsAdmin(page);
    await page.goto('/admin/text-management');
    await expect(page.getByRole('heading', { name: 'Text management' })).toBeVisible();
    await expect(page.getByTestId('env-switcher')).toHaveCount(0);

    await page.goto('/admin/text-management?showEnvSwitcher');
    await page.getByTestId('env-switcher').click();
    const panel = page.getByTestId('env-switcher-panel');
    await expect(page.getByTestId('env-switcher-current')).toHaveText(`In use: ${baseURL}`);
    const input = panel.getByRole('textbox', { name: 'Backend address' });
    await input.fill('share.example.com');
    await panel.getByRole('button', { name: 'Save and reload data' }).click();
    await expect(panel).toContainText('Enter an http:// or https:// address');
    expect(await page.evaluate(() => localStorage.getItem('backend_url'))).toBeNull();

    // Another backend (this same server under another name, allowed across origins here):
    // the data loads again from there.
    const other = (baseURL ?? '').replace('127.0.0.1', 'localhost');
    await page.route(`${other}/api/**`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), 'access-control-allow-origin': baseURL ?? '' },
      });
    });
    const reloaded = page.waitForResponse(
      (response) => response.url().startsWith(`${other}/api/admin/pastes`) && response.ok(),
    );
    await input.fill(`${other}/`);
    await panel.getByRole('button', { name: 'Save and reload data' }).click();
    await expect(page.getByTestId('env-switcher-current')).toHaveText(`In use: ${other}`);
    expect(await page.evaluate(() => localStorage.getItem('backend_url'))).toBe(other);
    await reloaded;

    await panel.getByRole('button', { name: 'Use this server' }).click();
    await expect(page.getByTestId('env-switcher-current')).toHaveText(`In use: ${baseURL}`);
    expect(await page.evaluate(() => localStorage.getItem('backend_url'))).toBeNull();
  });
});
