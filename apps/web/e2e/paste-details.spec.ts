import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminToken, createPasteViaApi, signInAsAdmin, uniqueName } from './support';

const editor = (page: Page) => page.locator('.cm-content');

async function openEditorAsAdmin(page: Page, request: APIRequestContext) {
  const token = await adminToken(request);
  await page.addInitScript((value) => localStorage.setItem('admin_token', value), token);
  await page.goto('/');
  await expect(page.getByTestId('paste-access')).toHaveAttribute('data-access', 'allowed');
  await expect(editor(page)).toBeVisible();
}

test.describe('editor and paste view details', () => {
  test('the content error goes once the content is typed', async ({ page, request }) => {
    await openEditorAsAdmin(page, request);
    const form = page.getByTestId('create-paste-form');
    await form.getByRole('button', { name: 'Create share' }).click();
    await expect(page.getByTestId('content-error')).toBeVisible();
    await editor(page).click();
    await page.keyboard.insertText('now there is content');
    await expect(page.getByTestId('content-error')).toHaveCount(0);
  });

  test('typing on the language select does not change the language', async ({ page, request }) => {
    await openEditorAsAdmin(page, request);
    await page.getByTestId('format-switch').getByText('Plain text').click();
    const select = page.getByTestId('language-select');
    const before = await select.inputValue();
    await select.click();
    await page.keyboard.type('zzz');
    await page.keyboard.press('Escape');
    await expect(select).toHaveValue(before);
    await select.click();
    await page.getByRole('option', { name: 'Python' }).click();
    await expect(select).toHaveValue('Python');
  });

  test('a negative max views is refused, not turned positive', async ({ page, request }) => {
    await openEditorAsAdmin(page, request);
    await editor(page).click();
    await page.keyboard.insertText('counted');
    const form = page.getByTestId('create-paste-form');
    const maxViews = form.getByLabel('Max views (0 = unlimited)');
    await maxViews.fill('-5');
    await expect(maxViews).toHaveValue('-5');
    await form.getByRole('button', { name: 'Create share' }).click();
    await expect(form.getByText('Enter a whole number, 0 or more')).toBeVisible();
    await expect(page.getByTestId('paste-created')).toHaveCount(0);
  });

  test('the last allowed view offers no link, raw text or QR code', async ({ page, request }) => {
    const paste = await createPasteViaApi(request, {
      content: '> A quoted line\n\nlast words',
      max_views: 1,
    });
    await page.goto(`/paste/${paste.slug}`);
    await expect(page.getByTestId('paste-content')).toContainText('last words');
    const actions = page.getByTestId('paste-actions');
    await expect(actions.getByTestId('copy-content')).toBeVisible();
    for (const id of ['copy-link', 'raw-link', 'qr-button']) {
      await expect(actions.getByTestId(id)).toHaveCount(0);
    }
    // Blockquotes carry a rule on their left.
    const rule = await page
      .getByTestId('paste-content')
      .locator('blockquote')
      .evaluate((node) => getComputedStyle(node).borderLeftWidth);
    expect(rule).toBe('4px');
  });

  test('a paste with views left keeps its link actions', async ({ page, request }) => {
    const paste = await createPasteViaApi(request, { content: 'plenty', max_views: 5 });
    await page.goto(`/paste/${paste.slug}`);
    for (const id of ['copy-link', 'raw-link', 'qr-button']) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
  });

  test('the built-in local storage is named in the reader’s language', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/storage-config');
    await expect(
      page.getByTestId('storage-name').filter({ hasText: 'Local storage' }),
    ).not.toHaveCount(0);
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(page.getByTestId('storage-name').filter({ hasText: '本地存储' })).not.toHaveCount(
      0,
    );
    await expect(page.getByTestId('storage-name').filter({ hasText: 'Local storage' })).toHaveCount(
      0,
    );
  });

  test('a file name on the dark share page is bright', async ({ browser, request }) => {
    const token = await adminToken(request);
    const name = `${uniqueName('bright').replace(/\W+/g, '-')}.txt`;
    const uploaded = await request.post('/api/upload', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { file: { name, mimeType: 'text/plain', buffer: Buffer.from('hello') } },
    });
    expect(uploaded.status()).toBe(201);
    const { slug } = ((await uploaded.json()) as { data: { slug: string } }).data;
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`/file/${slug}`);
    const title = page.getByTestId('file-name');
    await expect(title).toHaveText(name);
    expect(await title.evaluate((node) => getComputedStyle(node).color)).toBe('rgb(255, 255, 255)');
    await context.close();
  });

  test('the Word export carries math and diagrams as pictures', async ({ page, request }) => {
    const paste = await createPasteViaApi(request, {
      content:
        '# Maths\n\nInline $a^2+b^2=c^2$ here.\n\n$$\\int_0^1 x\\,dx$$\n\n```mermaid\nflowchart LR\n  A --> B\n```\n',
    });
    await page.goto(`/paste/${paste.slug}`);
    const content = page.getByTestId('paste-content');
    await expect(content.locator('.katex')).toHaveCount(2);
    await expect(content.locator('.sb-diagram svg')).toBeVisible();
    await page.getByTestId('export-menu').click();
    const [word] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-docx').click(),
    ]);
    const docx = (await readFile(await word.path())).toString('latin1');
    // A zip names its entries in plain text: one picture per formula and diagram.
    const media = new Set(docx.match(/word\/media\/[\w-]+\.png/g));
    expect(media.size).toBe(3);
  });
});
