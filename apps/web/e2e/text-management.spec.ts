import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  createKeyViaApi,
  openAdminModule,
  signInAsAdmin,
  signInWithApiKey,
} from './support';

/** The admin lands on the dashboard; these tests work in text management. */
async function signInToTextManagement(page: Page) {
  await signInAsAdmin(page);
  await openAdminModule(page, 'Text management');
}

interface CreatedPaste {
  id: string;
  slug: string;
}

type Credentials = { token: string } | { key: string };

const authHeader = (credentials: Credentials) =>
  'token' in credentials ? `Bearer ${credentials.token}` : `ApiKey ${credentials.key}`;

async function createPaste(
  request: APIRequestContext,
  credentials: Credentials,
  body: Record<string, unknown>,
): Promise<CreatedPaste> {
  const response = await request.post('/api/paste', {
    data: body,
    headers: { Authorization: authHeader(credentials) },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: CreatedPaste }).data;
}

async function readPaste(request: APIRequestContext, token: string, id: string) {
  return request.get(`/api/admin/pastes/${id}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** A short token no other test uses, for slugs, remarks and searches. */
const tag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const rowOf = (page: Page, slug: string) =>
  page.locator(`[data-testid="paste-row"][data-slug="${slug}"]`);
const rows = (page: Page) => page.getByTestId('paste-row');

async function search(page: Page, keyword: string) {
  await page.getByRole('textbox', { name: 'Search pastes' }).fill(keyword);
}

test.describe('text management', () => {
  test('the admin edits a paste and sees the change', async ({ page, request }) => {
    // Three refused saves, one accepted, a preview and a password check: a long journey.
    test.setTimeout(60_000);
    const token = await adminToken(request);
    const id = tag();
    const paste = await createPaste(
      request,
      { token },
      { content: 'original content', remark: `edit ${id}`, slug: `tm-${id}-a` },
    );
    await createPaste(request, { token }, { content: 'other', slug: `tm-${id}-taken` });

    await signInToTextManagement(page);
    await search(page, `tm-${id}`);
    await expect(rows(page)).toHaveCount(2);
    await rowOf(page, `tm-${id}-a`)
      .getByRole('button', { name: `Edit tm-${id}-a` })
      .click();

    const form = page.getByTestId('paste-edit-form');
    const content = form.getByRole('textbox', { name: 'Content' });
    await expect(content).toHaveValue('original content');
    const slug = form.getByLabel('Link suffix');

    // The client checks the slug like the server…
    await slug.fill('admin');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('This link suffix is reserved, choose another')).toBeVisible();
    await slug.fill('no spaces!');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Letters, digits, hyphen and underscore only')).toBeVisible();
    // …and a taken one is refused by the server (409) with its message.
    await slug.fill(`tm-${id}-taken`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('This link suffix is already taken; try another')).toBeVisible();

    await content.fill('changed **content**');
    await form.getByLabel('Remark').fill(`edited remark ${id}`);
    await slug.fill(`tm-${id}-b`);
    await form.getByText('Set a password').click();
    await form.getByLabel('New password').fill('share-pw-1');
    await form.getByLabel('Max views').fill('5');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(`Paste “tm-${id}-b” updated`)).toBeVisible();

    const row = rowOf(page, `tm-${id}-b`);
    await expect(row).toBeVisible();
    await expect(rowOf(page, `tm-${id}-a`)).toHaveCount(0);
    await expect(row.getByTestId('paste-remark')).toHaveText(`edited remark ${id}`);
    await expect(row.getByTestId('password-badge')).toBeVisible();
    await expect(row.getByTestId('paste-views')).toHaveText('0 / 5');
    await expect(row.getByTestId('paste-link')).toHaveAttribute('href', `/paste/tm-${id}-b`);
    await expect(row.getByTestId('paste-link')).toHaveAttribute('target', '_blank');

    await row.getByRole('button', { name: `View tm-${id}-b` }).click();
    const preview = page.getByTestId('paste-preview-modal');
    await expect(preview.getByTestId('markdown-view').locator('strong')).toHaveText('content');
    await expect(preview.getByTestId('paste-qr-code')).toBeVisible();
    await expect(preview.getByTestId('paste-share-url')).toHaveValue(
      new RegExp(`/paste/tm-${id}-b$`),
    );
    await preview.getByRole('button', { name: 'Close' }).click();
    await expect(preview).toBeHidden();

    const stored = (await (await readPaste(request, token, paste.id)).json()) as {
      data: { content: string; has_password: boolean; max_views: number; slug: string };
    };
    expect(stored.data).toMatchObject({
      content: 'changed **content**',
      has_password: true,
      max_views: 5,
      slug: `tm-${id}-b`,
    });
    const unlocked = await request.post(`/api/paste/tm-${id}-b`, {
      data: { password: 'share-pw-1' },
    });
    expect(unlocked.status()).toBe(200);
  });

  test('the admin deletes one paste and two at once', async ({ page, request }) => {
    const token = await adminToken(request);
    const id = tag();
    const created: CreatedPaste[] = [];
    for (const n of [1, 2, 3, 4]) {
      created.push(
        await createPaste(request, { token }, { content: `delete me ${n}`, remark: `del-${id}` }),
      );
    }
    const [first, second, third, fourth] = created as [
      CreatedPaste,
      CreatedPaste,
      CreatedPaste,
      CreatedPaste,
    ];

    await signInToTextManagement(page);
    await search(page, `del-${id}`);
    await expect(rows(page)).toHaveCount(4);

    await rowOf(page, first.slug)
      .getByRole('button', { name: `Delete ${first.slug}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete paste' });
    await expect(confirm).toContainText(first.slug);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(rows(page)).toHaveCount(3);
    await expect(rowOf(page, first.slug)).toHaveCount(0);

    await page.getByRole('checkbox', { name: `Select ${second.slug}` }).check();
    await page.getByRole('checkbox', { name: `Select ${third.slug}` }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
    await page.getByTestId('batch-delete').click();
    const batch = page.getByRole('dialog', { name: 'Delete selected pastes' });
    await expect(batch).toContainText('Delete 2 pastes?');
    await batch.getByRole('button', { name: 'Delete 2 pastes' }).click();
    await expect(page.getByText('2 pastes deleted')).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, fourth.slug)).toBeVisible();

    for (const gone of [first, second, third]) {
      expect((await readPaste(request, token, gone.id)).status()).toBe(404);
    }
    expect((await readPaste(request, token, fourth.id)).status()).toBe(200);
  });

  test('search narrows the list by slug or remark', async ({ page, request }) => {
    const token = await adminToken(request);
    const id = tag();
    await createPaste(request, { token }, { content: 'a', remark: `alpha-${id} one` });
    await createPaste(request, { token }, { content: 'b', remark: `alpha-${id} two` });
    const beta = await createPaste(
      request,
      { token },
      { content: 'c', remark: 'beta', slug: `beta-${id}` },
    );

    const searched: string[] = [];
    page.on('request', (request) => {
      const keyword = new URL(request.url()).searchParams.get('search');
      if (request.url().includes('/api/admin/pastes?') && keyword !== null) searched.push(keyword);
    });

    await signInToTextManagement(page);
    await expect(rows(page).first()).toBeVisible();

    // SPEC §5: one character is too short to search for.
    await search(page, 'a');
    await expect(page.getByText('Search keyword too short')).toBeVisible();

    await search(page, `alpha-${id}`);
    await expect(page.getByTestId('paste-count')).toHaveText('2 matches');
    await expect(rows(page)).toHaveCount(2);
    expect(searched).not.toContain('a');

    await search(page, `beta-${id}`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, beta.slug)).toBeVisible();

    await search(page, `nothing-${id}`);
    await expect(page.getByText(`Nothing matches “nothing-${id}”`)).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await expect(page.getByRole('textbox', { name: 'Search pastes' })).toHaveValue('');
    // Unfiltered again: the three newest pastes are all on the first page.
    await expect(rowOf(page, beta.slug)).toBeVisible();
    await expect(page.getByTestId('paste-count')).not.toHaveText(/match/);
    expect(await rows(page).count()).toBeGreaterThanOrEqual(3);
  });

  test('clear expired removes the pastes that can no longer be viewed', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const id = tag();
    const usedUp = await createPaste(
      request,
      { token },
      { content: 'read once', remark: `clear-${id}`, max_views: 1 },
    );
    const live = await createPaste(request, { token }, { content: 'stay', remark: `clear-${id}` });
    expect((await request.get(`/api/paste/${usedUp.slug}`)).status()).toBe(200);

    await signInToTextManagement(page);
    await search(page, `clear-${id}`);
    await expect(rows(page)).toHaveCount(2);
    await expect(rowOf(page, usedUp.slug).getByTestId('used-up-badge')).toHaveText('Used up');

    await page.getByRole('button', { name: 'Clear expired' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear expired pastes' });
    await confirm.getByRole('button', { name: 'Clear expired' }).click();
    await expect(page.getByText(/expired pastes? cleared/)).toBeVisible();
    await expect(rowOf(page, usedUp.slug)).toHaveCount(0);
    await expect(rowOf(page, live.slug)).toBeVisible();
    expect((await readPaste(request, token, usedUp.id)).status()).toBe(404);
  });

  test('an API key with text permission manages only its own pastes', async ({ page, request }) => {
    const token = await adminToken(request);
    const id = tag();
    const key = await createKeyViaApi(request, { name: `texts ${id}`, text_permission: true });
    const mine = await createPaste(
      request,
      { key: key.key },
      { content: 'key paste one', remark: `key-${id} one` },
    );
    const other = await createPaste(
      request,
      { key: key.key },
      { content: 'key paste two', remark: `key-${id} two`, format: 'text' },
    );
    const admins = await createPaste(
      request,
      { token },
      { content: 'admin paste', remark: `key-${id} admin` },
    );

    await signInWithApiKey(page, key.key);
    await expect(page).toHaveURL(/\/admin\/text-management$/);
    await expect(page.getByRole('heading', { name: 'Text management' })).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(rowOf(page, admins.slug)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Clear expired' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Creator' })).toHaveCount(0);

    // The plain-text paste shows as preformatted text.
    await rowOf(page, other.slug)
      .getByRole('button', { name: `View ${other.slug}` })
      .click();
    const preview = page.getByTestId('paste-preview-modal');
    await expect(preview.getByTestId('paste-text-content')).toHaveText('key paste two');
    await preview.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('paste-edit-form');
    await expect(form.getByRole('textbox', { name: 'Content' })).toHaveValue('key paste two');
    await form.getByLabel('Remark').fill(`key-${id} renamed`);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect(rowOf(page, other.slug).getByTestId('paste-remark')).toHaveText(
      `key-${id} renamed`,
    );

    await rowOf(page, mine.slug)
      .getByRole('button', { name: `Delete ${mine.slug}` })
      .click();
    await page.getByTestId('confirm-delete').click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rowOf(page, other.slug)).toBeVisible();

    expect((await readPaste(request, token, mine.id)).status()).toBe(404);
    expect((await readPaste(request, token, admins.id)).status()).toBe(200);
  });

  test('the list shows ten pastes a page, newest first', async ({ page, request }) => {
    const token = await adminToken(request);
    const id = tag();
    const created: CreatedPaste[] = [];
    for (let n = 1; n <= 12; n += 1) {
      created.push(
        await createPaste(request, { token }, { content: `page ${n}`, remark: `page-${id} ${n}` }),
      );
    }
    const oldest = created[0] as CreatedPaste;
    const newest = created[11] as CreatedPaste;

    await signInToTextManagement(page);
    await search(page, `page-${id}`);
    await expect(page.getByTestId('paste-range')).toHaveText('1–10 of 12');
    await expect(rows(page)).toHaveCount(10);
    await expect(rowOf(page, newest.slug)).toBeVisible();
    await expect(rowOf(page, oldest.slug)).toHaveCount(0);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByTestId('paste-range')).toHaveText('11–12 of 12');
    await expect(rows(page)).toHaveCount(2);
    await expect(rowOf(page, oldest.slug)).toBeVisible();
  });
});
