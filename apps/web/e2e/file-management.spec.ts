import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  createKeyViaApi,
  openAdminModule,
  signInAsAdmin,
  signInWithApiKey,
} from './support';

interface UploadedShare {
  id: string;
  slug: string;
}

/** Uploads a small text file through the API; the share options go before the file. */
async function upload(
  request: APIRequestContext,
  authorization: string,
  filename: string,
  fields: Record<string, string> = {},
): Promise<UploadedShare> {
  const response = await request.post('/api/upload', {
    headers: { Authorization: authorization },
    multipart: {
      ...fields,
      file: {
        name: filename,
        mimeType: 'text/plain',
        buffer: Buffer.from(`content of ${filename}`),
      },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: UploadedShare }).data;
}

async function readShare(request: APIRequestContext, token: string, id: string) {
  return request.get(`/api/admin/files/${id}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** A short token no other test uses, for slugs, names, remarks and searches. */
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const rowOf = (page: Page, slug: string) =>
  page.locator(`[data-testid="file-row"][data-slug="${slug}"]`);
const rows = (page: Page) => page.getByTestId('file-row');

async function search(page: Page, keyword: string) {
  await page.getByRole('textbox', { name: 'Search files' }).fill(keyword);
}

async function openFileManagement(page: Page) {
  await signInAsAdmin(page);
  await openAdminModule(page, 'File management');
}

test.describe('file management', () => {
  test('the admin edits a file share and sees the change', async ({ page, request }) => {
    // Refused saves, an accepted one and the checks after it: a long journey.
    test.setTimeout(60_000);
    const token = await adminToken(request);
    const id = tag();
    const share = await upload(request, `Bearer ${token}`, `edit-${id}.txt`, {
      slug: `fm-${id}-a`,
      remark: `edit ${id}`,
    });
    await upload(request, `Bearer ${token}`, `taken-${id}.txt`, { slug: `fm-${id}-taken` });

    await openFileManagement(page);
    await search(page, `fm-${id}`);
    await expect(rows(page)).toHaveCount(2);

    await rowOf(page, `fm-${id}-a`)
      .getByRole('button', { name: `Edit fm-${id}-a` })
      .click();

    const form = page.getByTestId('file-edit-form');
    const slug = form.getByLabel('Link suffix');
    await expect(slug).toHaveValue(`fm-${id}-a`);

    // The client checks the slug like the server…
    await slug.fill('upload');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('This link suffix is reserved, choose another')).toBeVisible();
    await slug.fill('no spaces!');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Letters, digits, hyphen and underscore only')).toBeVisible();
    // …and a taken one is refused by the server (409) with its message.
    await slug.fill(`fm-${id}-taken`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('This link suffix is already taken; try another')).toBeVisible();

    await slug.fill(`fm-${id}-b`);
    await form.getByLabel('Remark').fill(`edited remark ${id}`);
    await form.getByText('Set a password').click();
    await form.getByLabel('New password').fill('file-pw-1');
    await form.getByLabel('Max views').fill('5');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(`File share “fm-${id}-b” updated`)).toBeVisible();

    const row = rowOf(page, `fm-${id}-b`);
    await expect(row).toBeVisible();
    await expect(rowOf(page, `fm-${id}-a`)).toHaveCount(0);
    await expect(row.getByTestId('file-remark')).toHaveText(`edited remark ${id}`);
    await expect(row.getByTestId('password-badge')).toBeVisible();
    await expect(row.getByTestId('file-views')).toHaveText('0 / 5');
    await expect(row.getByTestId('file-link')).toHaveAttribute('href', `/file/fm-${id}-b`);
    await expect(row.getByTestId('file-link')).toHaveAttribute('target', '_blank');

    const stored = (await (await readShare(request, token, share.id)).json()) as {
      data: { slug: string; remark: string; has_password: boolean; max_views: number };
    };
    expect(stored.data).toMatchObject({
      slug: `fm-${id}-b`,
      remark: `edited remark ${id}`,
      has_password: true,
      max_views: 5,
    });
    const verified = await request.post(`/api/public/files/fm-${id}-b/verify`, {
      data: { password: 'file-pw-1' },
    });
    expect(verified.status()).toBe(200);
  });

  test('the preview shows the link and its QR code; a password can be removed', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const id = tag();
    const share = await upload(request, `Bearer ${token}`, `locked-${id}.txt`, {
      slug: `fm-${id}-locked`,
      password: 'file-pw-2',
      max_views: '4',
    });

    await openFileManagement(page);
    await search(page, `fm-${id}`);
    const row = rowOf(page, share.slug);
    await expect(row.getByTestId('password-badge')).toBeVisible();

    // The owner sees the content without the password, and spends no view (checked below).
    await row.getByRole('button', { name: `Preview ${share.slug}` }).click();
    const preview = page.getByTestId('file-preview-modal');
    await expect(preview.getByTestId('preview-filename')).toHaveText(`locked-${id}.txt`);
    await expect(preview.getByTestId('preview-text')).toContainText(`content of locked-${id}.txt`);
    await expect(preview.getByTestId('file-qr-code')).toBeVisible();
    await expect(preview.getByTestId('file-share-url')).toHaveValue(
      new RegExp(`/file/${share.slug}$`),
    );
    await expect(preview.getByTestId('open-share-page')).toHaveAttribute('target', '_blank');
    await preview.getByRole('button', { name: 'Edit' }).click();

    // Removing the password sends `password: null`; the rest stays as it was.
    const form = page.getByTestId('file-edit-form');
    await form.getByText('Remove', { exact: true }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect(row.getByTestId('password-badge')).toHaveCount(0);
    const opened = (await (await readShare(request, token, share.id)).json()) as {
      data: { has_password: boolean; max_views: number; views: number };
    };
    expect(opened.data).toMatchObject({ has_password: false, max_views: 4, views: 0 });
  });

  test('the admin deletes one file and two at once', async ({ page, request }) => {
    const token = await adminToken(request);
    const id = tag();
    const created: UploadedShare[] = [];
    for (const n of [1, 2, 3, 4]) {
      created.push(await upload(request, `Bearer ${token}`, `del-${id}-${n}.txt`));
    }
    const [first, second, third, fourth] = created as [
      UploadedShare,
      UploadedShare,
      UploadedShare,
      UploadedShare,
    ];

    await openFileManagement(page);
    await search(page, `del-${id}`);
    await expect(rows(page)).toHaveCount(4);

    await rowOf(page, first.slug)
      .getByRole('button', { name: `Delete ${first.slug}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete file' });
    await expect(confirm).toContainText(`del-${id}-1.txt`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(rows(page)).toHaveCount(3);
    await expect(rowOf(page, first.slug)).toHaveCount(0);

    await page.getByRole('checkbox', { name: `Select ${second.slug}` }).check();
    await page.getByRole('checkbox', { name: `Select ${third.slug}` }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
    await page.getByTestId('batch-delete').click();
    const batchConfirm = page.getByRole('dialog', { name: 'Delete selected files' });
    await batchConfirm.getByRole('button', { name: 'Delete 2 files' }).click();
    await expect(page.getByText('2 files deleted')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, fourth.slug)).toBeVisible();

    for (const gone of [first, second, third]) {
      expect((await readShare(request, token, gone.id)).status()).toBe(404);
    }
    expect((await readShare(request, token, fourth.id)).status()).toBe(200);
  });

  test('search narrows the list and needs two characters', async ({ page, request }) => {
    const token = await adminToken(request);
    const id = tag();
    const alpha = await upload(request, `Bearer ${token}`, `alpha-${id}.txt`);
    const beta = await upload(request, `Bearer ${token}`, `beta-${id}.txt`, {
      remark: `second ${id}`,
    });

    await openFileManagement(page);
    await search(page, id);
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByTestId('file-count')).toHaveText('2 matches');

    await search(page, `alpha-${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, alpha.slug)).toBeVisible();

    // The remark is searched too.
    await search(page, `second ${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, beta.slug)).toBeVisible();

    await search(page, 'x');
    await expect(
      page.getByText('Search keyword too short: enter at least 2 characters'),
    ).toBeVisible();

    await search(page, `nothing-${id}`);
    await expect(page.getByTestId('file-list-empty')).toContainText(
      `Nothing matches “nothing-${id}”`,
    );
  });

  test('an API key with file permission sees only its own files', async ({ page, request }) => {
    const token = await adminToken(request);
    const id = tag();
    const key = await createKeyViaApi(request, {
      name: `files-${id}`,
      expires_at: null,
      text_permission: false,
      file_permission: true,
      mount_permission: false,
      basic_path: '/',
    });
    const own = await upload(request, `ApiKey ${key.key}`, `own-${id}.txt`, {
      remark: `mine ${id}`,
    });
    const admins = await upload(request, `Bearer ${token}`, `admins-${id}.txt`, {
      remark: `mine ${id}`,
    });

    await signInWithApiKey(page, key.key);
    // Without text permission, file management is the first module the key may open.
    await expect(page).toHaveURL(/\/admin\/file-management$/);
    await expect(page.getByRole('heading', { name: 'File management', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Storage configuration' })).toHaveCount(0);

    await search(page, `mine ${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, own.slug)).toBeVisible();
    await expect(rowOf(page, admins.slug)).toHaveCount(0);
    // Only the admin sees who uploaded a file.
    await expect(page.getByTestId('file-creator')).toHaveCount(0);

    // The key edits its own share through the user routes.
    await rowOf(page, own.slug)
      .getByRole('button', { name: `Edit ${own.slug}` })
      .click();
    const form = page.getByTestId('file-edit-form');
    await form.getByLabel('Max views').fill('3');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect(rowOf(page, own.slug).getByTestId('file-views')).toHaveText('0 / 3');
  });
});
