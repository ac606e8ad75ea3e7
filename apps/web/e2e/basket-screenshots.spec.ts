// Pictures of the basket panel for a human to look at (themes, languages, desktop and phone).
// Run with SCREENSHOTS=1; they land in SCREENSHOT_DIR (default /tmp/shots-basket).
import { expect, test } from '@playwright/test';
import { createMountViaApi, signInAsAdmin } from './support';

const outDir = process.env.SCREENSHOT_DIR ?? '/tmp/shots-basket';
const GIB = 1024 ** 3;

/** A basket over the warning threshold: sizes are what the panel shows, no files are read. */
const basketIn = (root: string) =>
  [
    {
      path: `${root}/videos/holiday.mp4`,
      name: 'holiday.mp4',
      isDirectory: false,
      size: 1.4 * GIB,
    },
    { path: `${root}/videos/raw`, name: 'raw', isDirectory: true, size: null },
    {
      path: `${root}/reports/q3-summary.pdf`,
      name: 'q3-summary.pdf',
      isDirectory: false,
      size: 2_310_000,
    },
    {
      path: `${root}/reports/notes with a rather long name for wrapping.txt`,
      name: 'notes with a rather long name for wrapping.txt',
      isDirectory: false,
      size: 4_096,
    },
    { path: `${root}/photo.jpg`, name: 'photo.jpg', isDirectory: false, size: 3_500_000 },
  ].map((entry) => ({ ...entry, mount: root.slice(1) }));

const layouts = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

test.describe('basket screenshots', () => {
  // Skipped in CI on purpose: these take pictures for a person to look at and assert nothing a
  // test elsewhere does not (the basket's behaviour is covered by basket.spec.ts); they run
  // only when asked for, with SCREENSHOTS=1, when the panel's look changes.
  test.skip(
    !process.env.SCREENSHOTS,
    'pictures for review, not checks: set SCREENSHOTS=1 to take them',
  );

  for (const theme of ['light', 'dark'] as const) {
    for (const language of ['en-US', 'zh-CN'] as const) {
      test(`${theme} ${language}`, async ({ page, request }) => {
        test.setTimeout(60_000);
        const mount = await createMountViaApi(request);
        await page.addInitScript((mode) => window.localStorage.setItem('themeMode', mode), theme);
        // Signed in first: the sign-in helper reads the English labels.
        await signInAsAdmin(page);
        await page.evaluate(
          ([entries, lang]) => {
            window.localStorage.setItem('file_basket:admin', JSON.stringify(entries));
            window.localStorage.setItem('language', lang);
          },
          [basketIn(mount.mount_path), language] as const,
        );
        for (const layout of layouts) {
          await page.setViewportSize(layout.viewport);
          await page.goto(`/mount-explorer${mount.mount_path}`);
          await page
            .getByTestId(layout.name === 'phone' ? 'open-basket-phone' : 'open-basket')
            .click();
          await expect(page.getByTestId('basket-large-warning')).toBeVisible();
          // The drawer slides in: wait for it to rest before the picture.
          await page.waitForFunction(() => {
            const content = document.querySelector('.mantine-Drawer-content');
            return content !== null && content.getAnimations().length === 0;
          });
          await page.screenshot({
            path: `${outDir}/basket-${layout.name}-${theme}-${language}.png`,
          });
        }
      });
    }
  }
});
