import { expect, test } from '@playwright/test';
import { signInAsAdmin } from './support';

test.describe('not found and the admin drawer', () => {
  test('an unknown path gets a titled not-found page with a way Home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page).toHaveTitle('Page not found · Sharebin');
    const notFound = page.getByTestId('not-found');
    await expect(notFound.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(notFound).toContainText('/no/such/page');
    await notFound.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Home · Sharebin');
  });

  test('the not-found page speaks Chinese too', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/nowhere');
    await expect(page).toHaveTitle('页面不存在 · Sharebin');
    await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
    await context.close();
  });

  test('admin modules that do not exist are not found, not Text management', async ({ page }) => {
    await signInAsAdmin(page);
    for (const module of ['reports', 'nonsense']) {
      await page.goto(`/admin/${module}`);
      await expect(page).toHaveURL(new RegExp(`/admin/${module}$`));
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expect(page).toHaveTitle('Page not found · Sharebin');
      await expect(page.getByRole('heading', { name: 'Text management' })).toHaveCount(0);
    }
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('the phone drawer closes with its button and with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAsAdmin(page);
    const nav = page.getByRole('navigation', { name: 'Modules' });
    const toggle = page.getByTestId('admin-nav-toggle');

    await toggle.click();
    await expect(nav).toBeInViewport();
    await page.getByTestId('admin-nav-close').click();
    await expect(nav).not.toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await toggle.click();
    await expect(nav).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(nav).not.toBeInViewport();
  });
});
