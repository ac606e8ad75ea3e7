import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin } from './support';

/** Records CSP violations both ways a browser reports them: the DOM event and the console. */
async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    )),
  ];
}

test.describe('content security policy', () => {
  test('home and upload load without a single violation', async ({ page }) => {
    const violations = await watchCspViolations(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New paste');
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);

    await page.goto('/upload');
    await expect(page.getByTestId('upload-access')).toHaveAttribute('data-access', 'denied');
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });

  test('the upload page signed in loads without a violation', async ({ page }) => {
    const violations = await watchCspViolations(page);
    await signInAsAdmin(page);
    await page.goto('/upload');
    await expect(page.getByTestId('upload-settings')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
});
