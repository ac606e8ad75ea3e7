// Pictures of issue 27 §4's screens for a human to look at (themes and languages): the copy
// dialog's conflict modes, the WebDAV panel, a read-only key's explorer and account page, the
// start-up "session expired" notice, and the theme's colours on the busiest screens. Run with SCREENSHOTS=1; they land in SCREENSHOT_DIR
// (default /tmp/shots-what-users-see).
import { expect, type Page, test } from '@playwright/test';
import {
  createKeyViaApi,
  createMountViaApi,
  entryRow,
  putFile,
  signInAsAdmin,
  signInWithApiKey,
  uniqueName,
} from './support';

const outDir = process.env.SCREENSHOT_DIR ?? '/tmp/shots-what-users-see';

/** Waits for Mantine's transitions (modal, popover, notification) to come to rest. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

test.describe('what users see: screenshots', () => {
  // Skipped in CI on purpose: these take pictures for a person to look at (both themes, both
  // languages) and assert nothing what-users-see.spec.ts does not; they run only when asked
  // for, with SCREENSHOTS=1, when these screens' look changes.
  test.skip(
    !process.env.SCREENSHOTS,
    'pictures for review, not checks: set SCREENSHOTS=1 to take them',
  );

  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en-US', 'zh-CN'] as const) {
      test(`${theme} ${language}`, async ({ page, browser, request }) => {
        test.setTimeout(90_000);
        const shot = (name: string, target: Page = page) =>
          target.screenshot({ path: `${outDir}/${name}-${theme}-${language}.png` });
        const prefs = ([mode, lang]: readonly [string, string]) => {
          window.localStorage.setItem('themeMode', mode);
          window.localStorage.setItem('language', lang);
        };
        const mount = await createMountViaApi(request);
        const basePath = `${mount.mount_path}/cadtest`;
        await putFile(request, mount.mount_path, 'report.pdf');
        await putFile(request, `${mount.mount_path}/archive`, 'report.pdf');
        await putFile(request, basePath, 'readme.txt');

        // The admin: the copy dialog, then the WebDAV panel.
        await signInAsAdmin(page);
        await page.evaluate(prefs, [theme, language] as const);
        await page.goto(`/mount-explorer${mount.mount_path}`);
        await entryRow(page, 'report.pdf').getByTestId('entry-menu').click();
        await page
          .getByRole('menuitem', { name: language === 'en-US' ? 'Copy' : '复制', exact: true })
          .click();
        await expect(page.getByTestId('transfer-conflict')).toBeVisible();
        await page.getByTestId('transfer-conflict').getByRole('radio').nth(3).check();
        await settled(page);
        await shot('copy-dialog');
        await page.keyboard.press('Escape');
        await page.getByTestId('open-webdav').click();
        await expect(page.getByTestId('webdav-info')).toBeVisible();
        await settled(page);
        await shot('webdav-admin');

        // The theme's colours (issue 27 §4.6, contrast) on the busiest screens.
        for (const [url, name] of [
          ['/', 'home'],
          ['/admin/dashboard', 'dashboard'],
          ['/admin/key-management', 'keys'],
        ] as const) {
          await page.goto(url);
          await page.waitForLoadState('networkidle');
          await settled(page);
          await shot(name);
        }

        // A stored token refused at start-up: the notice.
        await page.keyboard.press('Escape');
        await page.evaluate(() => window.localStorage.setItem('admin_token', 'expired-token'));
        await page.goto('/admin');
        await expect(page.locator('.mantine-Notification-root')).toBeVisible();
        await settled(page);
        await shot('session-expired');

        // A read-only key below the mount: its explorer, WebDAV panel and account page.
        const key = await createKeyViaApi(request, {
          name: uniqueName('cadtest key'),
          mount_permission: true,
          mount_read_only: true,
          basic_path: basePath,
        });
        const context = await browser.newContext();
        const keyed = await context.newPage();
        await signInWithApiKey(keyed, key.key);
        await keyed.evaluate(prefs, [theme, language] as const);
        await keyed.goto('/admin');
        await expect(keyed.getByTestId('account-panel')).toBeVisible();
        await settled(keyed);
        await shot('account', keyed);
        await keyed.getByTestId('account-open-folder').click();
        await entryRow(keyed, 'readme.txt').getByTestId('entry-menu').click();
        await expect(keyed.getByRole('menu')).toBeVisible();
        await settled(keyed);
        await shot('read-only-key-explorer', keyed);
        await keyed.keyboard.press('Escape');
        await keyed.getByTestId('open-webdav').click();
        await expect(keyed.getByTestId('webdav-info')).toBeVisible();
        await settled(keyed);
        await shot('webdav-key', keyed);
        await context.close();
      });
    }
  }
});
