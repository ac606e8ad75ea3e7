import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminToken, uniqueName } from './support';

/** A file name no other test (or earlier run against the same server) uses. */
export const uniqueFile = (prefix: string, extension: string) =>
  `${uniqueName(prefix).replace(/\W+/g, '-')}.${extension}`;

/** Opens the upload page as the admin, signed in through a token from the API. */
export async function openUploadAsAdmin(page: Page, request: APIRequestContext) {
  const token = await adminToken(request);
  await page.addInitScript((value) => localStorage.setItem('admin_token', value), token);
  await page.goto('/upload');
  await expect(page.getByTestId('upload-access')).toHaveAttribute('data-access', 'allowed');
  await expect(page.getByTestId('upload-settings')).toBeVisible();
}

/** Drops files on the drop zone the way a browser does: a drop event carrying a DataTransfer. */
export async function dropFiles(
  page: Page,
  files: { name: string; type: string; bytes: Buffer }[],
) {
  const dataTransfer = await page.evaluateHandle(
    (entries) => {
      const transfer = new DataTransfer();
      for (const entry of entries) {
        transfer.items.add(
          new File([new Uint8Array(entry.bytes)], entry.name, { type: entry.type }),
        );
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, type: file.type, bytes: [...file.bytes] })),
  );
  const zone = page.getByTestId('upload-dropzone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

export const queueItem = (page: Page, name: string) =>
  page.locator(`[data-testid="upload-item"][data-name="${name}"]`);
