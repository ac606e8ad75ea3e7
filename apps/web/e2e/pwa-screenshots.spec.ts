// Pictures of the installable app's prompts, offline badge and page, and the environment
// switcher for a human to look at (themes, languages, desktop and phone).
// Run with SCREENSHOTS=1; they land in SCREENSHOT_DIR (default /tmp/shots-pwa).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './support';

test.use({ serviceWorkers: 'allow' });

const outDir = process.env.SCREENSHOT_DIR ?? '/tmp/shots-pwa';
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, name: string) {
  for (const [layout, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${outDir}/${name}-${layout}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

test.describe('pwa screenshots', () => {
  // Skipped in CI on purpose: pictures for a person to look at; pwa.spec.ts checks behaviour.
  test.skip(
    !process.env.SCREENSHOTS,
    'pictures for review, not checks: set SCREENSHOTS=1 to take them',
  );

  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en-US', 'zh-CN'] as const) {
      test(`${theme} ${language}`, async ({ page, context }) => {
        test.setTimeout(90_000);
        await page.setViewportSize(DESKTOP);
        await page.addInitScript((mode) => window.localStorage.setItem('themeMode', mode), theme);
        // Signed in first: the sign-in helper reads the English labels.
        await signInAsAdmin(page);
        await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
        const name = `${theme}-${language}`;

        await page.goto('/admin/text-management?showEnvSwitcher');
        await page.getByTestId('env-switcher').click();
        await expect(page.getByTestId('env-switcher-panel')).toBeVisible();
        await page.getByTestId('env-switcher-panel').getByRole('textbox').fill('share.example');
        await page.getByTestId('env-switcher-panel').locator('button[type="submit"]').click();
        await shoot(page, `env-switcher-${name}`);
        await page.keyboard.press('Escape');

        await page.goto('/');
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        await page.evaluate(() => {
          const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
            prompt: async () => undefined,
          });
          window.dispatchEvent(offer);
        });
        const worker = { path: `${dist}sw.js`, bytes: readFileSync(`${dist}sw.js`) };
        const twins = ['sw.js.br', 'sw.js.gz'].map((file) => ({
          path: dist + file,
          bytes: readFileSync(dist + file),
        }));
        try {
          for (const twin of twins) rmSync(twin.path);
          writeFileSync(worker.path, `${worker.bytes}\n// screenshots ${Date.now()}\n`);
          await page.evaluate(async () => {
            await (await navigator.serviceWorker.getRegistration())?.update();
          });
          await expect(page.getByTestId('update-prompt')).toBeVisible();
        } finally {
          for (const file of [worker, ...twins]) writeFileSync(file.path, file.bytes);
        }
        await expect(page.getByTestId('install-prompt')).toBeVisible();
        await shoot(page, `prompts-${name}`);

        await page.locator('.cm-content').click();
        await page.keyboard.type('draft');
        await page.getByTestId('update-prompt').locator('button').last().click();
        await expect(page.getByTestId('update-confirm')).toBeVisible();
        await shoot(page, `update-confirm-${name}`);
        await page.keyboard.press('Escape');

        await context.setOffline(true);
        await page.goto('/upload');
        await expect(page.getByTestId('offline-page')).toBeVisible();
        await expect(page.locator('[id="offline-route:/upload"]')).toBeVisible();
        // The toast slides in: the picture waits until its transitions have finished.
        await page
          .locator('[id="offline-route:/upload"]')
          .evaluate((toast) =>
            Promise.all(toast.getAnimations({ subtree: true }).map((a) => a.finished)),
          );
        await shoot(page, `offline-${name}`);
        await expect(page.locator('[id="offline-route:/upload"]')).toBeHidden();
        await page.getByTestId('update-prompt').locator('button').first().click();
        await page.setViewportSize(PHONE);
        await expect(page.getByTestId('offline-badge-compact')).toBeVisible();
        await page.setViewportSize(DESKTOP);
        await shoot(page, `offline-header-${name}`);
        await context.setOffline(false);
      });
    }
  }
});
