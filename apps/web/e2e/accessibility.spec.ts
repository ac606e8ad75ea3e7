// axe on the main screens, in both themes: no serious or critical violation of WCAG A/AA
// (text contrast, list roles, names). A failure lists each rule with the elements it found.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import {
  createMountViaApi,
  createPasteViaApi,
  putFile,
  signInAsAdmin,
  uploadFileViaApi,
} from './support';

/** The serious and critical violations on the page as it is now, one line per element. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Transitions at rest: a half-faded element has a contrast of its own.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id}: ${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`,
      ),
    );
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((mode) => window.localStorage.setItem('themeMode', mode), theme);
    });

    test('public screens', async ({ page, request }) => {
      const paste = await createPasteViaApi(request, { content: '# Notes\n\nSome *text*.' });
      const file = await uploadFileViaApi(request, {
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('hello\n'),
      });
      const screens: [string, string][] = [
        ['/', 'home'],
        ['/upload', 'upload'],
        ['/admin', 'sign-in'],
        [`/paste/${paste.slug}`, 'paste'],
        [`/file/${file.slug}`, 'file share'],
        ['/no-such-page', 'not found'],
      ];
      const found: string[] = [];
      for (const [url, name] of screens) {
        await page.goto(url);
        await expect(page.locator('main')).toBeVisible();
        await page.waitForLoadState('networkidle');
        found.push(...(await seriousViolations(page)).map((line) => `${name}: ${line}`));
      }
      expect(found).toEqual([]);
    });

    test('admin console and mount explorer', async ({ page, request }) => {
      test.setTimeout(90_000);
      const mount = await createMountViaApi(request);
      await putFile(request, `${mount.mount_path}/reports`, 'q3.txt');
      await putFile(request, mount.mount_path, 'readme.txt');
      await signInAsAdmin(page);
      const modules = [
        'dashboard',
        'text-management',
        'file-management',
        'storage-config',
        'mount-management',
        'key-management',
        'settings',
      ];
      const found: string[] = [];
      for (const module of modules) {
        await page.goto(`/admin/${module}`);
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        found.push(...(await seriousViolations(page)).map((line) => `${module}: ${line}`));
      }
      for (const view of ['list', 'grid']) {
        await page.evaluate(
          (mode) => window.localStorage.setItem('mount_explorer_view', mode),
          view,
        );
        await page.goto(`/mount-explorer${mount.mount_path}`);
        await expect(page.locator('[data-name="readme.txt"]')).toBeVisible();
        found.push(...(await seriousViolations(page)).map((line) => `explorer ${view}: ${line}`));
      }
      expect(found).toEqual([]);
    });
  });
}
