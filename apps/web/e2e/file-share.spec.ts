import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { silentWav } from './media-support';
import { adminToken, uniqueName, uploadFileViaApi } from './support';

const uniqueFile = (prefix: string, extension: string) =>
  `${uniqueName(prefix).replace(/\W+/g, '-')}.${extension}`;

/** The view count the server holds for a share, read as the admin. */
async function viewsOf(request: APIRequestContext, id: string): Promise<number> {
  const token = await adminToken(request);
  const response = await request.get(`/api/admin/files/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { views: number } }).data.views;
}

/** Every dialog a page opens; a script that ran would show up here. */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test.describe('file share page', () => {
  test('a protected share refuses a wrong password and opens with the right one', async ({
    page,
    request,
  }) => {
    const bytes = Buffer.from('The launch is on Tuesday.\n');
    const share = await uploadFileViaApi(
      request,
      { name: uniqueFile('secret', 'txt'), mimeType: 'text/plain', buffer: bytes },
      { password: 'right-password-7', remark: 'Launch plan', max_views: '5' },
    );
    await page.goto(`/file/${share.slug}`);
    await expect(page).toHaveTitle(`Shared file · ${share.slug} · Sharebin`);
    const prompt = page.getByTestId('file-password-prompt');
    await expect(prompt.getByRole('heading', { name: 'This file is protected' })).toBeVisible();
    // Nothing about the file is shown before the password.
    await expect(page.getByText(share.filename)).toHaveCount(0);

    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(prompt.getByText('Enter the password', { exact: true })).toBeVisible();
    await page.getByTestId('file-password').fill('wrong-password');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(prompt.getByText('Wrong password')).toBeVisible();

    await page.getByTestId('file-password').fill('right-password-7');
    await prompt.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByTestId('file-name')).toHaveText(share.filename);
    await expect(page.getByText('Password protected')).toBeVisible();
    // The remark is the owner's note: even an unlocked visitor never sees it.
    await expect(page.getByText('Launch plan')).toHaveCount(0);
    await expect(page.getByTestId('file-size')).toHaveText(`${bytes.length} B`);
    await expect(page.getByTestId('file-type')).toHaveText('text/plain');
    await expect(page.getByTestId('file-views-left')).toHaveText('4');
    await expect(page.getByTestId('preview-text')).toContainText('The launch is on Tuesday.');
    await expect(page.getByTestId('file-qr')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('file-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(share.filename);
    expect((await readFile(await download.path())).equals(bytes)).toBe(true);
  });

  test('an uploaded HTML page runs no script: shown as source, rendered only in a sandbox', async ({
    page,
    request,
  }) => {
    const dialogs = recordDialogs(page);
    const share = await uploadFileViaApi(request, {
      name: uniqueFile('page', 'html'),
      mimeType: 'text/html',
      buffer: Buffer.from(
        '<h1>Hello from HTML</h1><script>alert("script ran");window.top.pwned=1;window.parent.pwned=1;window.pwned=1</script><img src="x" onerror="alert(\'onerror ran\');window.top.pwned=2">',
      ),
    });
    await page.goto(`/file/${share.slug}`);
    await expect(page.getByTestId('preview-text')).toContainText('<script>alert("script ran")');

    await page.getByTestId('preview-mode').getByText('Rendered').click();
    const frame = page.getByTestId('preview-sandbox');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(
      page.frameLocator('[data-testid="preview-sandbox"]').getByRole('heading'),
    ).toHaveText('Hello from HTML');
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();

    // Opened by itself, the content is served with a CSP sandbox: still no script.
    const contentUrl = await page
      .getByRole('link', { name: 'Open in new tab' })
      .getAttribute('href');
    expect(contentUrl).toContain(`/api/public/files/${share.slug}/content?token=`);
    const response = await page.goto(contentUrl ?? '');
    expect(response?.headers()['content-security-policy']).toContain('sandbox');
    await expect(page.getByRole('heading', { name: 'Hello from HTML' })).toBeVisible();
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test('an uploaded SVG image runs no script: rendered in a sandbox, source on demand', async ({
    page,
    request,
  }) => {
    const dialogs = recordDialogs(page);
    const share = await uploadFileViaApi(request, {
      name: uniqueFile('drawing', 'svg'),
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" onload="alert(\'onload ran\');window.top.pwned=1"><rect id="box" width="120" height="60" fill="teal"/><script>alert("script ran");window.top.pwned=2;window.parent.pwned=2</script></svg>',
      ),
    });
    await page.goto(`/file/${share.slug}`);
    await expect(page.getByTestId('preview-sandbox')).toHaveAttribute('sandbox', '');
    await expect(
      page.frameLocator('[data-testid="preview-sandbox"]').locator('#box'),
    ).toBeAttached();
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();

    await page.getByTestId('preview-mode').getByText('Source').click();
    await expect(page.getByTestId('preview-text')).toContainText('<script>alert("script ran")');
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test('images, Markdown, code and audio are previewed; media can seek by Range', async ({
    page,
    request,
  }) => {
    const markdown = await uploadFileViaApi(request, {
      name: uniqueFile('notes', 'md'),
      mimeType: 'text/markdown',
      buffer: Buffer.from(
        '# Release notes\n\n- **Faster** uploads\n\n<img src=x onerror="window.top.pwned=1">\n',
      ),
    });
    await page.goto(`/file/${markdown.slug}`);
    const rendered = page.getByTestId('preview-markdown');
    await expect(rendered.getByRole('heading', { name: 'Release notes' })).toBeVisible();
    await expect(rendered.locator('strong')).toHaveText('Faster');
    expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();

    const code = await uploadFileViaApi(request, {
      name: uniqueFile('sum', 'ts'),
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('export function sum(a: number, b: number) {\n  return a + b;\n}\n'),
    });
    await page.goto(`/file/${code.slug}`);
    await expect(page.getByTestId('preview-text').locator('code.hljs')).toContainText(
      'export function sum',
    );

    const image = await uploadFileViaApi(request, {
      name: uniqueFile('pixel', 'gif'),
      mimeType: 'image/gif',
      buffer: Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'),
    });
    await page.goto(`/file/${image.slug}`);
    const picture = page.getByTestId('preview-image');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    const audio = await uploadFileViaApi(request, {
      name: uniqueFile('silence', 'wav'),
      mimeType: 'audio/wav',
      buffer: silentWav(),
    });
    await page.goto(`/file/${audio.slug}`);
    const player = page.getByTestId('preview-audio');
    await expect
      .poll(() => player.evaluate((el: HTMLAudioElement) => el.duration))
      .toBeGreaterThan(0);
    await expect
      .poll(() => player.evaluate((el: HTMLAudioElement) => el.seekable.length))
      .toBeGreaterThan(0);
    const range = await player.evaluate(async (el: HTMLAudioElement) => {
      const response = await fetch(el.src, { headers: { Range: 'bytes=8-11' } });
      return {
        status: response.status,
        contentRange: response.headers.get('content-range'),
        body: new TextDecoder().decode(await response.arrayBuffer()),
      };
    });
    expect(range).toEqual({ status: 206, contentRange: 'bytes 8-11/4044', body: 'WAVE' });
  });

  test('a file of no previewable type shows its icon and a download', async ({ page, request }) => {
    const share = await uploadFileViaApi(request, {
      name: uniqueFile('bundle', 'zip'),
      mimeType: 'application/zip',
      buffer: Buffer.from('PK\u0003\u0004 not really a zip'),
    });
    await page.goto(`/file/${share.slug}`);
    const none = page.getByTestId('preview-none');
    await expect(none).toContainText('No preview for this type of file');
    await expect(none.getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      /download=1$/,
    );
  });

  test('one page load counts one view, whatever the focus does', async ({ page, request }) => {
    const share = await uploadFileViaApi(request, {
      name: uniqueFile('counted', 'txt'),
      mimeType: 'text/plain',
      buffer: Buffer.from('count me once'),
    });
    await page.goto(`/file/${share.slug}`);
    await expect(page.getByTestId('preview-text')).toContainText('count me once');
    await page.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('online'));
    });
    await expect(page.getByTestId('file-views-left')).toHaveText('Unlimited');
    expect(await viewsOf(request, share.id)).toBe(1);
  });

  test('unknown and used-up shares have pages of their own', async ({ page, browser, request }) => {
    await page.goto('/file/no-such-file-here');
    const unknown = page.getByTestId('file-unavailable');
    await expect(unknown).toHaveAttribute('data-reason', 'notFound');
    await expect(unknown.getByRole('heading', { name: 'File not found' })).toBeVisible();

    const share = await uploadFileViaApi(
      request,
      { name: uniqueFile('once', 'txt'), mimeType: 'text/plain', buffer: Buffer.from('once') },
      { max_views: '1' },
    );
    await page.goto(`/file/${share.slug}`);
    await expect(page.getByTestId('file-views-left')).toHaveText('This was the last view');

    const other = await browser.newContext();
    const late = await other.newPage();
    await late.goto(`/file/${share.slug}`);
    const exhausted = late.getByTestId('file-unavailable');
    await expect(exhausted).toHaveAttribute('data-reason', 'exhausted');
    await expect(
      exhausted.getByRole('heading', { name: 'This file has been viewed as often as allowed' }),
    ).toBeVisible();
    await other.close();
  });
});
