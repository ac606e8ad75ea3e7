import { expect, test } from '@playwright/test';

test.describe('preferences and navigation', () => {
  test('theme and language survive a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle).toHaveAttribute('data-theme-mode', 'auto');

    await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme-mode', 'light');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme-mode', 'dark');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('新建文本分享');
    await expect(page).toHaveTitle('首页 · Sharebin');

    await page.reload();
    await expect(html).toHaveAttribute('lang', 'zh-CN');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'dark');
    await expect(page.getByRole('link', { name: '管理' }).first()).toBeVisible();
    // Saved with the time of the choice (SPEC §3).
    const stored = await page.evaluate(() => [
      localStorage.getItem('themeMode'),
      localStorage.getItem('language'),
    ]);
    expect(stored.map((raw) => JSON.parse(raw ?? 'null'))).toEqual([
      { value: 'dark', savedAt: expect.any(Number) },
      { value: 'zh-CN', savedAt: expect.any(Number) },
    ]);

    // The cycle closes: dark → auto.
    await page.getByTestId('theme-toggle').click();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'auto');
  });

  test('what an older version stored (the bare value) still applies', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('themeMode', 'dark');
      localStorage.setItem('language', 'zh-CN');
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-mode', 'dark');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('auto follows the system colour scheme as it changes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('a Chinese browser starts in Chinese', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('paste-access')).toContainText('登录后即可分享');
    await context.close();
  });

  test('home shows the editor and how to sign in to share', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Home · Sharebin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New paste');
    await expect(page.getByTestId('copyright')).toHaveText(
      `© ${new Date().getFullYear()} Sharebin`,
    );
    const source = page.getByRole('link', { name: 'Source code' }).first();
    await expect(source).toHaveAttribute('href', 'https://github.com/sharebin/sharebin');
    await expect(source).toHaveAttribute('target', '_blank');
    await expect(source).toHaveAttribute('rel', /noopener/);
    await page.getByTestId('paste-access').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page).toHaveTitle('Admin · Sign in · Sharebin');
  });

  test('unknown paths get the not-found page, which leads Home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('editor-workspace')).toBeVisible();
  });

  test('the phone menu opens, navigates and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Admin' })).toBeHidden();
  });

  test('the app runs under the server CSP without inline scripts', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // The lazily loaded editor runs too.
    await expect(page.locator('.cm-content')).toBeVisible();
    expect(await page.locator('script:not([src])').count()).toBe(0);
    expect(violations).toEqual([]);
  });
});
