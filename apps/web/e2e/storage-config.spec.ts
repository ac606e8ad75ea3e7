import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  createLocalStorageViaApi,
  getAsAdmin,
  openAdminModule,
  signInAsAdmin,
  uniqueName,
} from './support';

interface StoredConfig {
  id: string;
  name: string;
  is_default: boolean;
  secret_access_key_masked: string;
  total_capacity_bytes: number | null;
  endpoint: string;
  region: string;
  path_style: boolean;
}

const listConfigs = (request: APIRequestContext, token: string) =>
  getAsAdmin<StoredConfig[]>(request, token, '/api/s3-configs');

async function setDefaultViaApi(request: APIRequestContext, token: string, id: string) {
  const response = await request.put(`/api/s3-configs/${id}/set-default`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
}

const rowOf = (page: Page, name: string) =>
  page.locator(`[data-testid="storage-row"][data-name="${name}"]`);

async function openStorageConfig(page: Page) {
  await signInAsAdmin(page);
  await openAdminModule(page, 'Storage configuration');
}

test.describe('storage configuration', () => {
  // Other specs upload to the default storage: whatever a test changes, the default comes back.
  let originalDefault: string | undefined;
  test.beforeEach(async ({ request }) => {
    const token = await adminToken(request);
    originalDefault = (await listConfigs(request, token)).find((config) => config.is_default)?.id;
  });
  test.afterEach(async ({ request }) => {
    if (!originalDefault) return;
    const token = await adminToken(request);
    await setDefaultViaApi(request, token, originalDefault);
  });

  test('the admin creates, edits and defaults a local storage; deleting the default is refused', async ({
    page,
    request,
  }) => {
    // One long story through five server round trips and three modals.
    test.slow();
    const token = await adminToken(request);
    const first = uniqueName('Local A');
    const renamed = uniqueName('Local A renamed');
    const second = uniqueName('Local B');

    await openStorageConfig(page);
    await page.getByRole('button', { name: 'Add storage' }).first().click();
    const form = page.getByTestId('storage-form');
    await form.getByTestId('provider-local').click();
    await expect(form.getByLabel('Endpoint')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Name' }).fill(first);
    await form.getByRole('textbox', { name: 'Default folder' }).fill('../outside');
    await form.getByRole('button', { name: 'Add storage' }).click();
    await expect(form.getByText('Not a valid folder')).toBeVisible();
    await form.getByRole('textbox', { name: 'Default folder' }).fill('team/shared');
    await form.getByRole('button', { name: 'Add storage' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(`Storage “${first}” added`)).toBeVisible();
    const created = rowOf(page, first);
    await expect(created.getByTestId('storage-type-badge')).toHaveText('Local');
    await expect(created.getByTestId('default-badge')).toHaveCount(0);

    // Edit: a new name and a capacity of 2 GB.
    await created.getByRole('button', { name: `Edit ${first}` }).click();
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(first);
    await expect(form.getByRole('textbox', { name: 'Default folder' })).toHaveValue('team/shared');
    await form.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await form.getByRole('textbox', { name: 'Total capacity' }).fill('2');
    await form.getByRole('combobox', { name: 'Capacity unit' }).selectOption('GB');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    const edited = rowOf(page, renamed);
    await expect(edited.getByTestId('storage-capacity')).toContainText('0 B of 2 GB');
    const afterEdit = (await listConfigs(request, token)).find((c) => c.name === renamed);
    expect(afterEdit?.total_capacity_bytes).toBe(2 * 1024 ** 3);

    // Make it the default.
    await edited.getByRole('button', { name: `Make default ${renamed}` }).click();
    await expect(page.getByText(`“${renamed}” is now the default storage`)).toBeVisible();
    await expect(edited.getByTestId('default-badge')).toBeVisible();
    await expect(page.getByTestId('default-badge')).toHaveCount(1);

    // A second storage becomes the default; the old default, holding no shares, can go.
    await createLocalStorageViaApi(request, token, second);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await rowOf(page, second)
      .getByRole('button', { name: `Make default ${second}` })
      .click();
    await expect(rowOf(page, second).getByTestId('default-badge')).toBeVisible();
    await edited.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete storage' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByText(`Storage “${renamed}” deleted`)).toBeVisible();
    await expect(rowOf(page, renamed)).toHaveCount(0);

    // The default one is refused, with the server's reason.
    await rowOf(page, second)
      .getByRole('button', { name: `Delete ${second}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete storage' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(
      page.getByText('This is the default storage; make another one the default first'),
    ).toBeVisible();
    await expect(rowOf(page, second)).toBeVisible();

    // Clean up: the original default comes back, then the second one can go.
    if (originalDefault) await setDefaultViaApi(request, token, originalDefault);
    const secondId = (await listConfigs(request, token)).find((c) => c.name === second)?.id;
    const removed = await request.delete(`/api/s3-configs/${secondId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(removed.status()).toBe(200);
  });

  test('picking a provider fills in its preset values', async ({ page }) => {
    await openStorageConfig(page);
    await page.getByRole('button', { name: 'Add storage' }).first().click();
    const form = page.getByTestId('storage-form');
    const endpoint = form.getByRole('textbox', { name: 'Endpoint' });
    const region = form.getByRole('textbox', { name: 'Region' });
    const pathStyle = form.getByRole('switch', { name: 'Path-style addressing' });

    await form.getByTestId('provider-minio').click();
    await expect(endpoint).toHaveValue('http://localhost:9000');
    await expect(region).toHaveValue('us-east-1');
    await expect(pathStyle).toBeChecked();

    await form.getByTestId('provider-aliyun-oss').click();
    // The preset's `{region}` is filled from Region, and follows it.
    await expect(endpoint).toHaveValue('https://oss-cn-hangzhou.aliyuncs.com');
    await expect(region).toHaveValue('oss-cn-hangzhou');
    await expect(pathStyle).not.toBeChecked();
    await region.fill('oss-cn-shanghai');
    await expect(endpoint).toHaveValue('https://oss-cn-shanghai.aliyuncs.com');

    await form.getByTestId('provider-backblaze-b2').click();
    await expect(endpoint).toHaveValue('https://s3.us-west-004.backblazeb2.com');
    await region.fill('');
    await expect(endpoint).toHaveValue('https://s3.{region}.backblazeb2.com');
    await region.fill('eu-central-003');
    await expect(endpoint).toHaveValue('https://s3.eu-central-003.backblazeb2.com');
    // An endpoint the user wrote is theirs: Region no longer touches it.
    await endpoint.fill('https://s3.example.net');
    await region.fill('us-east-005');
    await expect(endpoint).toHaveValue('https://s3.example.net');

    await form.getByTestId('provider-cloudflare-r2').click();
    await expect(endpoint).toHaveValue('https://{account_id}.r2.cloudflarestorage.com');
    await expect(region).toHaveValue('auto');
    await expect(pathStyle).toBeChecked();
    await expect(form.getByTestId('preset-note')).toContainText('Replace the parts in braces');
    // The placeholder is selected, ready to be typed over.
    await expect(endpoint).toBeFocused();
    await page.keyboard.type('0123abcd');
    await expect(endpoint).toHaveValue('https://0123abcd.r2.cloudflarestorage.com');

    await form.getByTestId('provider-local').click();
    await expect(endpoint).toHaveCount(0);
  });

  test('an S3 storage is checked like the server does; its secret is shown masked', async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const name = uniqueName('R2 bucket');
    const secret = 'r2-secret-access-key-0123456789';

    await openStorageConfig(page);
    await page.getByRole('button', { name: 'Add storage' }).first().click();
    const form = page.getByTestId('storage-form');
    const endpoint = form.getByRole('textbox', { name: 'Endpoint' });
    await form.getByTestId('provider-cloudflare-r2').click();
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Bucket' }).fill('Not_A_Bucket');
    await form.getByRole('textbox', { name: 'Access key ID' }).fill('r2-access-key');
    await form.getByLabel('Secret access key').fill(secret);
    await form.getByRole('button', { name: 'Add storage' }).click();
    // The placeholder must be replaced, and the bucket name follow the S3 rules.
    await expect(form.getByText('Replace {account_id} with your own value')).toBeVisible();
    await expect(form.getByText('Lowercase letters, digits, dots and hyphens only')).toBeVisible();

    await endpoint.fill('https://0123abcd.r2.cloudflarestorage.com');
    await form.getByRole('textbox', { name: 'Bucket' }).fill('team-files');
    await form.getByRole('switch', { name: 'API keys may use this storage' }).click();
    await form.getByRole('button', { name: 'Add storage' }).click();
    await expect(form).toBeHidden();

    const row = rowOf(page, name);
    await expect(row.getByTestId('storage-type-badge')).toHaveText('S3');
    await expect(row.getByTestId('storage-provider')).toHaveText('Cloudflare R2');
    await expect(row.getByTestId('storage-endpoint')).toContainText(
      '0123abcd.r2.cloudflarestorage.com',
    );
    await expect(row.getByTestId('storage-api-keys')).toHaveText('Admin only');

    const stored = (await listConfigs(request, token)).find((config) => config.name === name);
    expect(stored).toMatchObject({
      endpoint: 'https://0123abcd.r2.cloudflarestorage.com',
      region: 'auto',
      path_style: true,
    });
    expect(stored?.secret_access_key_masked).not.toContain(secret);

    // Editing shows the stored secret only masked; leaving the field empty keeps it.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const masked = form.getByTestId('secret-masked');
    await expect(masked).toContainText(stored?.secret_access_key_masked ?? '•');
    await expect(masked).toContainText('•');
    await expect(masked).not.toContainText(secret);
    await expect(form.getByLabel('Secret access key')).toHaveValue('');
    await form.getByRole('textbox', { name: 'Region' }).fill('weur');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    const afterEdit = (await listConfigs(request, token)).find((config) => config.name === name);
    expect(afterEdit?.region).toBe('weur');
    expect(afterEdit?.secret_access_key_masked).toBe(stored?.secret_access_key_masked);

    // Clean up.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete storage' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(rowOf(page, name)).toHaveCount(0);
  });

  test('the test button shows a report of the seven checks', async ({ page, request }) => {
    const token = await adminToken(request);
    const name = uniqueName('Local test');
    await createLocalStorageViaApi(request, token, name);

    await openStorageConfig(page);
    await rowOf(page, name)
      .getByRole('button', { name: `Test ${name}` })
      .click();
    const modal = page.getByTestId('storage-test-modal');
    const report = modal.getByTestId('storage-test-report');
    await expect(report).toBeVisible();
    const checks = report.getByTestId('storage-check');
    await expect(checks).toHaveCount(7);
    for (const check of ['write', 'read', 'list', 'presigned_put', 'cors', 'multipart', 'delete']) {
      await expect(report.locator(`[data-check="${check}"]`)).toHaveCount(1);
    }
    await expect(checks.getByTestId('storage-check-name')).toHaveText([
      'Write',
      'Read',
      'List',
      'Presigned upload',
      'CORS',
      'Multipart upload',
      'Delete',
    ]);
    await expect(modal.getByTestId('storage-test-summary')).toContainText('All checks passed');
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();

    const id = (await listConfigs(request, token)).find((config) => config.name === name)?.id;
    await request.delete(`/api/s3-configs/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  });
});
