import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ErrorCode, ErrorEnvelope } from '@sharebin/shared';
import { offlineRecords, storedDraft } from './offline-support';
import { adminToken, createPasteViaApi, uniqueName } from './support';

const RICH_MARKDOWN = `# Quarterly numbers

Some **bold** and *italic* text.

| Region | Revenue |
| --- | --- |
| North | 1200 |
| South | 980 |

Euler: $e^{i\\pi} + 1 = 0$

\`\`\`mermaid
flowchart LR
  Draft --> Review --> Publish
\`\`\`
`;

/** A suffix no other test (or earlier run against the same server) uses. */
const uniqueSlug = (prefix: string) => uniqueName(prefix).replace(/\W+/g, '-');

const editor = (page: Page) => page.locator('.cm-content');

async function write(page: Page, text: string) {
  await editor(page).click();
  await page.keyboard.insertText(text);
}

/** Opens the editor as the admin, signed in through a token from the API. */
async function openEditorAsAdmin(page: Page, request: APIRequestContext) {
  const token = await adminToken(request);
  await page.addInitScript((value) => localStorage.setItem('admin_token', value), token);
  await page.goto('/');
  await expect(page.getByTestId('paste-access')).toHaveAttribute('data-access', 'allowed');
  await expect(editor(page)).toBeVisible();
}

/** The view count the server holds for a paste, read as the admin. */
async function viewsOf(request: APIRequestContext, slug: string): Promise<number> {
  const token = await adminToken(request);
  const response = await request.get('/api/admin/pastes', {
    params: { search: slug },
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { data: { items: { slug: string; views: number }[] } };
  return body.data.items.find((item) => item.slug === slug)?.views ?? -1;
}

test.describe('creating and viewing pastes', () => {
  test('Markdown with a table, math and a diagram is shared and shown to another visitor', async ({
    page,
    context,
    browser,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openEditorAsAdmin(page, request);
    await write(page, RICH_MARKDOWN);

    // The live preview renders with the same pipeline as the paste view.
    const preview = page.getByTestId('editor-preview');
    await expect(preview.getByRole('cell', { name: 'North' })).toBeVisible();
    await expect(preview.locator('.katex').first()).toBeVisible();
    await expect(preview.locator('.sb-diagram svg')).toBeVisible();

    const slug = uniqueSlug('rich');
    const form = page.getByTestId('create-paste-form');
    await form.getByLabel('Remark').fill('Numbers for the team');
    await form.getByLabel('Custom link suffix').fill(slug);
    await form.getByLabel('Expires after').click();
    await page.getByRole('option', { name: '1 day' }).click();
    await form.getByLabel('Max views (0 = unlimited)').fill('3');
    await form.getByRole('button', { name: 'Create share' }).click();

    const created = page.getByTestId('paste-created');
    const shareLink = created.getByTestId('share-link');
    await expect(shareLink).toHaveValue(new RegExp(`/paste/${slug}$`));
    await expect(created.getByTestId('raw-link')).toHaveValue(new RegExp(`/api/raw/${slug}$`));
    await expect(created.getByTestId('share-qr')).toBeVisible();
    await expect(created.getByTestId('share-link-countdown')).toContainText(/\d+ seconds/);
    await created.getByTestId('share-link-copy').click();
    const url = await shareLink.inputValue();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // Shared: the editor starts over and keeps no draft.
    await expect(page.getByTestId('editor-stats')).toHaveText('0 characters');
    await expect.poll(() => storedDraft(page)).toBeNull();
    expect(await viewsOf(request, slug)).toBe(0);

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(url);
    await expect(visitor).toHaveTitle(`Shared text · ${slug} · Sharebin`);
    // The remark is the owner's note: the visitor reads a neutral title instead.
    await expect(visitor.getByRole('heading', { level: 1, name: `Paste ${slug}` })).toBeVisible();
    await expect(visitor.getByText('Numbers for the team')).toHaveCount(0);
    const content = visitor.getByTestId('paste-content');
    await expect(content.getByRole('cell', { name: 'South' })).toBeVisible();
    await expect(content.locator('.katex').first()).toBeVisible();
    await expect(content.locator('.sb-diagram svg')).toBeVisible();
    await expect(visitor.getByTestId('paste-views-left')).toHaveText('2 views left');
    await expect(visitor.getByTestId('paste-expiry')).toContainText('Expires in');
    await visitor.getByTestId('qr-button').click();
    await expect(visitor.getByTestId('paste-qr')).toBeVisible();

    // StrictMode mounts twice and the window lost and regained focus: still one view.
    await visitor.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
      window.dispatchEvent(new Event('online'));
    });
    expect(await viewsOf(request, slug)).toBe(1);
    await visitor.reload();
    await expect(visitor.getByTestId('paste-views-left')).toHaveText('1 view left');
    expect(await viewsOf(request, slug)).toBe(2);

    // The raw link of an open paste needs no token (and counts the last view).
    const raw = await visitor.request.get(visitor.url().replace('/paste/', '/api/raw/'));
    expect(raw.status()).toBe(200);
    expect(await raw.text()).toBe(RICH_MARKDOWN);
    await visitorContext.close();
  });

  test('a protected paste asks for its password; its raw link carries a token', async ({
    page,
    request,
  }) => {
    const paste = await createPasteViaApi(request, {
      content: '# Secret plans\n\nsecret-body-text',
      password: 'open sesame',
    });
    await page.goto(`/paste/${paste.slug}`);
    const prompt = page.getByTestId('paste-password-prompt');
    await expect(prompt.getByRole('heading', { name: 'This paste is protected' })).toBeVisible();
    await expect(page.getByText('secret-body-text')).toHaveCount(0);

    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(prompt.getByText('Enter the password', { exact: true })).toBeVisible();
    await prompt.getByLabel('Password').fill('not the password');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(prompt.getByText('Wrong password')).toBeVisible();

    await prompt.getByLabel('Password').fill('open sesame');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByTestId('paste-content')).toContainText('secret-body-text');
    await expect(page.getByTestId('paste-facts')).toContainText('Password protected');

    const rawHref = (await page.getByTestId('raw-link').getAttribute('href')) ?? '';
    expect(rawHref).toContain(`/api/raw/${paste.slug}?token=`);
    expect(rawHref).not.toContain('sesame');
    const raw = await page.request.get(rawHref);
    expect(raw.status()).toBe(200);
    expect(raw.headers()['content-type']).toContain('text/plain');
    expect(await raw.text()).toBe('# Secret plans\n\nsecret-body-text');
    // Without the token the raw link answers nothing but the demand for a password.
    const bare = await page.request.get(`/api/raw/${paste.slug}`);
    expect(bare.status()).toBe(401);
  });

  test('too many wrong passwords show how long to wait', async ({ page, request }) => {
    const paste = await createPasteViaApi(request, { content: 'locked', password: 'right one' });
    // Nine wrong attempts through the API, the tenth through the page: the limit is ten.
    for (let attempt = 0; attempt < 9; attempt++) {
      const response = await page.request.post(`/api/paste/${paste.slug}`, {
        data: { password: `wrong ${attempt}` },
      });
      expect(response.status()).toBe(401);
    }
    await page.goto(`/paste/${paste.slug}`);
    const prompt = page.getByTestId('paste-password-prompt');
    await prompt.getByLabel('Password').fill('wrong again');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(prompt.getByText('Wrong password')).toBeVisible();
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(
      prompt.getByText(/Too many attempts, please try again in \d+ seconds/),
    ).toBeVisible();
  });

  test('plain text keeps its language and is highlighted', async ({ page, request }) => {
    await openEditorAsAdmin(page, request);
    await page.getByTestId('format-switch').getByText('Plain text').click();
    await page.getByTestId('language-select').click();
    await page.getByRole('option', { name: 'Python' }).click();
    await write(page, 'def greet(name):\n    return f"hi {name}"\n');
    await expect(page.getByTestId('editor-preview').locator('.hljs-keyword').first()).toHaveText(
      'def',
    );
    await page.getByRole('button', { name: 'Create share' }).click();
    const url = await page.getByTestId('share-link').inputValue();

    await page.goto(url);
    await expect(page.getByTestId('paste-facts')).toContainText('Python');
    await expect(page.getByTestId('text-view').locator('.hljs-keyword').first()).toHaveText('def');
  });

  test('the form checks the link suffix and the content before sending', async ({
    page,
    request,
  }) => {
    const taken = await createPasteViaApi(request, {
      content: 'first',
      slug: uniqueSlug('taken'),
    });
    await openEditorAsAdmin(page, request);
    let posts = 0;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/api/paste')) posts += 1;
    });
    const form = page.getByTestId('create-paste-form');
    const create = form.getByRole('button', { name: 'Create share' });

    await create.click();
    await expect(form.getByText('Write something before creating a share')).toBeVisible();

    await write(page, 'Some content');
    const slug = form.getByLabel('Custom link suffix');
    await slug.fill('not allowed!');
    await create.click();
    await expect(form.getByText('Letters, digits, hyphen and underscore only')).toBeVisible();
    await slug.fill('admin');
    await create.click();
    await expect(form.getByText('This link suffix is reserved, choose another')).toBeVisible();
    await slug.fill('x'.repeat(51));
    await create.click();
    await expect(form.getByText('At most 50 characters')).toBeVisible();
    expect(posts).toBe(0);

    await slug.fill(taken.slug);
    await create.click();
    await expect(form.getByText('Link suffix already taken, try another')).toBeVisible();
    expect(posts).toBe(1);
    await expect(page.getByTestId('paste-created')).toHaveCount(0);
  });

  test('visitors can write but are asked to sign in to share', async ({ page }) => {
    await page.goto('/');
    await write(page, '## Just *trying*');
    await expect(
      page.getByTestId('editor-preview').getByRole('heading', { name: 'Just trying' }),
    ).toBeVisible();
    await expect(page.getByTestId('create-paste')).toBeDisabled();
    const access = page.getByTestId('paste-access');
    await expect(access).toContainText('Sign in to share');
    await access.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('the toolbar formats the selection and undo takes it back', async ({ page }) => {
    await page.goto('/');
    await write(page, 'important');
    await page.keyboard.press('ControlOrMeta+a');
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(editor(page)).toHaveText('**important**');
    const preview = page.getByTestId('editor-preview');
    await expect(preview.locator('strong')).toHaveText('important');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(editor(page)).toHaveText('important');
    await page.keyboard.press('ControlOrMeta+Shift+KeyZ');
    await expect(editor(page)).toHaveText('**important**');

    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    // With nothing selected an action inserts a placeholder, selected to be typed over.
    await page.getByRole('button', { name: 'Task list' }).click();
    await page.keyboard.type('Buy milk');
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(preview.locator('li input[type=checkbox]')).toHaveCount(1);
    await expect(preview.getByText('Buy milk')).toBeVisible();
    await expect(preview.getByRole('columnheader')).toHaveCount(3);
  });

  test('a broken diagram shows its source and leaves nothing behind', async ({ page }) => {
    await page.goto('/');
    await write(page, '```mermaid\nflowchart LR\n  A --> (((\n```\n');
    await expect(page.getByTestId('editor-preview').locator('.sb-mermaid-error')).toContainText(
      'flowchart LR',
    );
    // Mermaid draws in a scratch element under <body>; a failed drawing must not stay there.
    await expect(page.locator('body > [id^="dsb-mermaid"]')).toHaveCount(0);
  });

  test('a Markdown file opens from the import button and by dropping it', async ({ page }) => {
    await page.goto('/');
    await expect(editor(page)).toBeVisible();
    await page
      .getByTestId('editor-workspace')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'notes.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('# Imported notes\n\n- one\n- two\n'),
      });
    await expect(
      page.getByTestId('editor-preview').getByRole('heading', { name: 'Imported notes' }),
    ).toBeVisible();

    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['print("dropped")\n'], 'script.py', { type: 'text/x-python' }));
      return transfer;
    });
    await page.getByTestId('editor-workspace').dispatchEvent('drop', { dataTransfer: dropped });
    // The editor was not empty: the import asks first.
    await page.getByRole('dialog').getByRole('button', { name: 'Replace' }).click();
    await expect(editor(page)).toHaveText('print("dropped")');
    await expect(page.getByTestId('language-select')).toHaveValue('Python');
  });
});

test.describe('drafts', () => {
  test('the draft is saved every 30 seconds and offered again after a reload', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await write(page, 'Draft worth keeping');
    expect(await storedDraft(page)).toBeNull();

    await page.clock.runFor(31_000);
    await expect(page.getByTestId('draft-status')).toContainText('Draft saved');
    await expect
      .poll(() => storedDraft(page))
      .toMatchObject({ content: 'Draft worth keeping', savedAt: expect.any(Number) });

    await page.reload();
    const offer = page.getByTestId('draft-restore');
    await expect(offer).toContainText('19 characters');
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect(editor(page)).toHaveText('Draft worth keeping');
    await expect(offer).toBeHidden();

    await page.reload();
    await page.getByTestId('draft-restore').getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => storedDraft(page)).toBeNull();
    await page.reload();
    await expect(editor(page)).toBeVisible();
    await expect(page.getByTestId('draft-restore')).toHaveCount(0);
  });

  test('a draft kept by an older version in local storage moves to the offline database', async ({
    page,
  }) => {
    await page.goto('/');
    // The editor has looked for drafts already: this page takes no part in the move.
    await expect(editor(page)).toBeVisible();
    await page.evaluate(() =>
      localStorage.setItem(
        'markdown_draft',
        JSON.stringify({ content: 'From before', savedAt: Date.now() - 60_000 }),
      ),
    );
    await page.reload();
    await expect(page.getByTestId('draft-restore')).toContainText('11 characters');
    expect(await page.evaluate(() => localStorage.getItem('markdown_draft'))).toBeNull();
    expect(await storedDraft(page)).toMatchObject({ content: 'From before' });
  });

  test('a draft older than 24 hours is not offered', async ({ page }) => {
    await page.goto('/');
    // The editor has looked for drafts already: this page takes no part in the move.
    await expect(editor(page)).toBeVisible();
    await page.evaluate(() =>
      localStorage.setItem(
        'markdown_draft',
        JSON.stringify({ content: 'stale', savedAt: Date.now() - 25 * 60 * 60 * 1000 }),
      ),
    );
    await page.reload();
    await expect(editor(page)).toBeVisible();
    await expect.poll(() => storedDraft(page)).toBeNull();
    await expect(page.getByTestId('draft-restore')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('markdown_draft'))).toBeNull();
  });

  test('a draft stays after signing out', async ({ page, request }) => {
    await page.clock.install();
    await openEditorAsAdmin(page, request);
    await write(page, 'Mine to keep');
    await page.clock.runFor(31_000);
    await expect.poll(() => storedDraft(page)).toMatchObject({ content: 'Mine to keep' });
    await page.goto('/admin/text-management');
    await page.getByTestId('sign-out').first().click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The admin's cached answers go; the draft belongs to the browser and stays.
    await expect
      .poll(async () => (await offlineRecords(page)).filter((record) => record.owner === 'admin'))
      .toEqual([]);
    expect(await storedDraft(page)).toMatchObject({ content: 'Mine to keep' });
  });

  test('the new link is hidden after a visible 60-second countdown', async ({ page, request }) => {
    await page.clock.install();
    await openEditorAsAdmin(page, request);
    await write(page, 'Short-lived link');
    await page.getByRole('button', { name: 'Create share' }).click();
    const created = page.getByTestId('paste-created');
    await expect(created.getByTestId('share-link-countdown')).toContainText(/(60|59) seconds/);
    await page.clock.runFor(30_000);
    await expect(created.getByTestId('share-link-countdown')).toContainText(/(30|29|28) seconds/);
    await page.clock.runFor(30_000);
    await expect(created.getByTestId('share-link-hidden')).toBeVisible();
    await expect(created.getByTestId('share-link')).toHaveCount(0);
    await expect(created.getByTestId('share-qr')).toHaveCount(0);
  });
});

test.describe('exports', () => {
  test('Word and PNG exports are files of their type', async ({ page, request }) => {
    const paste = await createPasteViaApi(request, {
      content:
        '# Report\n\nText with **bold**, *italic* and `code`.\n\n1. first\n2. second\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n```js\nconst x = 1;\n```\n',
    });
    await page.goto(`/paste/${paste.slug}`);
    await expect(
      page.getByTestId('paste-content').getByRole('cell', { name: '2', exact: true }),
    ).toBeVisible();

    await page.getByTestId('export-menu').click();
    const [word] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-docx').click(),
    ]);
    expect(word.suggestedFilename()).toBe(`${paste.slug}.docx`);
    const docx = await readFile(await word.path());
    expect(docx.subarray(0, 4).toString('binary')).toBe('PK\x03\x04');
    expect(docx.includes('word/document.xml')).toBe(true);

    await page.getByTestId('export-menu').click();
    const [picture] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-png').click(),
    ]);
    expect(picture.suggestedFilename()).toBe(`${paste.slug}.png`);
    const png = await readFile(await picture.path());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeGreaterThan(2000);
  });
});

test.describe('pastes that cannot be shown', () => {
  test('an unknown link says so and leads home', async ({ page }) => {
    await page.goto('/paste/no-such-paste-here');
    const unavailable = page.getByTestId('paste-unavailable');
    await expect(unavailable).toHaveAttribute('data-reason', 'notFound');
    await expect(unavailable.getByRole('heading', { name: 'Paste not found' })).toBeVisible();
    await unavailable.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(editor(page)).toBeVisible();
  });

  test('a paste whose views are used up says so', async ({ page, request }) => {
    const paste = await createPasteViaApi(request, { content: 'once only', max_views: 1 });
    expect((await request.get(`/api/paste/${paste.slug}`)).status()).toBe(200);
    await page.goto(`/paste/${paste.slug}`);
    const unavailable = page.getByTestId('paste-unavailable');
    await expect(unavailable).toHaveAttribute('data-reason', 'exhausted');
    await expect(
      unavailable.getByRole('heading', { name: 'This paste has been viewed as often as allowed' }),
    ).toBeVisible();
  });

  test('an expired paste says so', async ({ page }) => {
    // The server's clock cannot be moved from here: its 410 answer is played back instead,
    // exactly as the pastes API sends it.
    await page.route('**/api/paste/expired-one', (route) =>
      route.fulfill({
        status: 410,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 410,
          message: 'This paste has expired',
          error: 'paste.expired' satisfies ErrorCode,
        } satisfies ErrorEnvelope),
      }),
    );
    await page.goto('/paste/expired-one');
    const unavailable = page.getByTestId('paste-unavailable');
    await expect(unavailable).toHaveAttribute('data-reason', 'expired');
    await expect(
      unavailable.getByRole('heading', { name: 'This paste has expired' }),
    ).toBeVisible();
  });
});
