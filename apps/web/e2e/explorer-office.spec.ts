// The mount explorer's Office and EPUB previews (issue 32, item 3): a Word document rendered to
// sanitised HTML, the sheets of a workbook and a CSV file as tables, an EPUB book a page at a
// time, a damaged file's error state, and a zip bomb refused before it is unzipped. The files
// are real ones built by the test (fixtures/office-documents.ts). The pictures (SCREENSHOTS=1)
// land in SCREENSHOT_DIR (default /tmp/shots-office).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { zipOf } from '../../server/src/test/archive-kit';
import { docx, epub, xlsx } from './fixtures/office-documents';
import { createMountViaApi, entryRow, putBytes, signInAsAdmin } from './support';

const OCTET = 'application/octet-stream';

async function putOfficeFiles(request: APIRequestContext) {
  const mount = await createMountViaApi(request);
  const folder = `${mount.mount_path}/office`;
  const files: Record<string, Buffer> = {
    'report.docx': docx('Quarterly report', 'Sales grew in every region this quarter.'),
    'budget.xlsx': xlsx({
      Income: [
        ['Item', 'Amount'],
        ['Widgets', '1200'],
      ],
      Costs: [
        ['Item', 'Amount'],
        ['Rent', '800'],
      ],
    }),
    'people.csv': Buffer.from('name,note\r\n"Smith, J","said ""hi"""\r\nLee,plain\r\n'),
    'novel.epub': epub('A short novel', [
      'It was a bright cold day in the first chapter.',
      'The second chapter begins at dawn.',
    ]),
    'broken.docx': Buffer.from('this is not a zip archive at all'),
  };
  for (const [name, buffer] of Object.entries(files)) {
    await putBytes(request, folder, { name, mimeType: OCTET, buffer });
  }
  return folder;
}

const preview = (page: Page) => page.getByTestId('preview-modal');

async function openPreview(page: Page, folder: string, name: string) {
  await page.goto(`/mount-explorer${folder}`);
  await entryRow(page, name).click();
  await expect(page.getByRole('dialog', { name })).toBeVisible();
}

test('Office, CSV and EPUB files preview in the explorer; a damaged one says so', async ({
  page,
  request,
}) => {
  const folder = await putOfficeFiles(request);
  await signInAsAdmin(page);

  await openPreview(page, folder, 'report.docx');
  const word = preview(page).getByTestId('preview-docx');
  await expect(word.getByRole('heading', { level: 1, name: 'Quarterly report' })).toBeVisible();
  await expect(word.getByText('Sales grew in every region this quarter.')).toBeVisible();

  await openPreview(page, folder, 'budget.xlsx');
  const sheet = preview(page).getByTestId('preview-sheet');
  await expect(sheet.getByRole('cell', { name: 'Widgets', exact: true })).toBeVisible();
  await sheet.getByText('Costs', { exact: true }).click();
  await expect(sheet.getByRole('cell', { name: 'Rent', exact: true })).toBeVisible();
  await expect(sheet.getByRole('cell', { name: 'Widgets', exact: true })).toHaveCount(0);

  await openPreview(page, folder, 'people.csv');
  const table = preview(page).getByTestId('preview-sheet');
  await expect(table.getByRole('cell', { name: 'Smith, J', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'said "hi"', exact: true })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);

  await openPreview(page, folder, 'novel.epub');
  const book = preview(page).getByTestId('preview-epub');
  const pages = book.frameLocator('iframe');
  await expect(pages.getByText('It was a bright cold day in the first chapter.')).toBeVisible();
  // The book's frame may not run scripts.
  await expect(book.locator('iframe')).toHaveAttribute('sandbox', /^(?!.*allow-scripts)/);
  await book.getByTestId('epub-next').click();
  await expect(pages.getByText('The second chapter begins at dawn.')).toBeVisible();
  await book.getByRole('document').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(pages.getByText('It was a bright cold day in the first chapter.')).toBeVisible();

  await openPreview(page, folder, 'broken.docx');
  await expect(preview(page).getByTestId('preview-document-failed')).toContainText(
    'This document could not be read.',
  );
});

test('a zip bomb .docx is not unzipped: the preview says why and offers the download', async ({
  page,
  request,
}) => {
  // A Word document whose body is padded with 64 MiB of spaces: 64 KiB deflated (1000:1), far
  // tighter than any real document compresses, so the explorer refuses it before mammoth runs.
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const w = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const bomb = zipOf([
    {
      name: '[Content_Types].xml',
      bytes: Buffer.from(
        `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      bytes: Buffer.from(
        `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
    },
    {
      name: 'word/document.xml',
      bytes: Buffer.concat([
        Buffer.from(
          `${xml}<w:document xmlns:w="${w}"><w:body><w:p><w:r><w:t>Boom</w:t></w:r></w:p>`,
        ),
        Buffer.alloc(64 * 1024 * 1024, ' '),
        Buffer.from('</w:body></w:document>'),
      ]),
      deflate: true,
    },
  ]);
  expect(bomb.length).toBeLessThan(1024 * 1024);
  const mount = await createMountViaApi(request);
  const folder = `${mount.mount_path}/office`;
  await putBytes(request, folder, { name: 'bomb.docx', mimeType: OCTET, buffer: bomb });
  await signInAsAdmin(page);

  await openPreview(page, folder, 'bomb.docx');
  const refusal = preview(page).getByTestId('preview-document-too-large');
  await expect(refusal).toContainText('Too large to preview');
  await expect(refusal).toContainText('this document would grow far beyond its file size');
  await expect(refusal.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'download',
    'bomb.docx',
  );
  await expect(preview(page).getByTestId('preview-docx')).toHaveCount(0);
});

test.describe('office preview screenshots', () => {
  // Skipped in CI on purpose: pictures for a person to look at, not checks. Run with SCREENSHOTS=1.
  test.skip(
    !process.env.SCREENSHOTS,
    'pictures for review, not checks: set SCREENSHOTS=1 to take them',
  );
  const outDir = process.env.SCREENSHOT_DIR ?? '/tmp/shots-office';

  test('dark zh-CN', async ({ page, request }) => {
    const folder = await putOfficeFiles(request);
    await signInAsAdmin(page);
    await page.addInitScript(() => {
      window.localStorage.setItem('themeMode', 'dark');
      window.localStorage.setItem('language', 'zh-CN');
    });
    await page.setViewportSize({ width: 1280, height: 860 });
    await openPreview(page, folder, 'report.docx');
    await expect(preview(page).getByTestId('preview-docx')).toBeVisible();
    await page.screenshot({ path: `${outDir}/docx-dark-zh.png` });
    await openPreview(page, folder, 'budget.xlsx');
    await expect(preview(page).getByRole('cell', { name: 'Widgets' })).toBeVisible();
    await page.screenshot({ path: `${outDir}/xlsx-dark-zh.png` });
    await openPreview(page, folder, 'novel.epub');
    await expect(preview(page).frameLocator('iframe').getByText('bright cold day')).toBeVisible();
    await page.screenshot({ path: `${outDir}/epub-dark-zh.png` });
  });
});
