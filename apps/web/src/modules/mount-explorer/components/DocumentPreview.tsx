import {
  Alert,
  Button,
  Loader,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { FsEntry } from '@sharebin/shared';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format-bytes';
import {
  type CappedTable,
  capTable,
  DOCUMENT_PREVIEW_MAX_BYTES,
  documentKind,
  SHEET_MAX_COLUMNS,
  SHEET_MAX_ROWS,
} from '../documents/document-kind';
import classes from './documents.module.css';
import { EpubView } from './EpubView';

interface NamedSheet {
  name: string;
  table: CappedTable;
}

type Rendered = { kind: 'html'; html: string } | { kind: 'sheets'; sheets: NamedSheet[] };

/** A zip that would inflate past what the tab survives: downloaded instead of read. */
interface UnzipsTooLarge {
  kind: 'unzipsTooLarge';
  maxUncompressed: number;
  maxEntries: number;
}

async function renderDocx(bytes: ArrayBuffer): Promise<Rendered> {
  const [{ default: mammoth }, { default: DOMPurify }] = await Promise.all([
    import('mammoth'),
    import('dompurify'),
  ]);
  // A style map embedded in the file could emit any tag, a <style> among them: only ours.
  const result = await mammoth.convertToHtml(
    { arrayBuffer: bytes },
    { includeEmbeddedStyleMap: false },
  );
  // The document's HTML is the file owner's: sanitised before it joins the page, with no styles
  // (a <style> or style attribute would restyle the whole app: a fake sign-in overlay), no
  // forms, and links to the web or mail only.
  const html = DOMPurify().sanitize(result.value, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
    FORBID_ATTR: ['style', 'class', 'id'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|data:image\/(?:png|jpe?g|gif|webp);)/i,
  });
  return { kind: 'html', html };
}

const cellText = (value: unknown, language: string) =>
  value === null || value === undefined
    ? ''
    : value instanceof Date
      ? value.toLocaleString(language)
      : String(value);

async function readWorkbook(bytes: ArrayBuffer, language: string): Promise<Rendered> {
  const { default: readXlsxFile } = await import('read-excel-file/browser');
  const sheets = await readXlsxFile(bytes);
  return {
    kind: 'sheets',
    sheets: sheets.map(({ sheet, data }) => ({
      name: sheet,
      table: capTable(data.map((row) => row.map((value) => cellText(value, language)))),
    })),
  };
}

async function readCsv(bytes: ArrayBuffer): Promise<Rendered> {
  const { parseCsv } = await import('../documents/csv');
  // One row more than shown tells that there are more.
  const rows = parseCsv(new TextDecoder().decode(bytes), SHEET_MAX_ROWS + 1, SHEET_MAX_COLUMNS);
  return { kind: 'sheets', sheets: [{ name: '', table: capTable(rows) }] };
}

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}

function SheetTable({ table }: { table: CappedTable }) {
  const { t } = useTranslation();
  if (table.rows.length === 0) return <Text c="dimmed">{t('documents.office.emptySheet')}</Text>;
  return (
    <Stack gap="xs">
      {table.truncated && (
        <Text size="sm" c="dimmed" data-testid="sheet-truncated">
          {t('documents.office.truncated', {
            rows: table.rows.length,
            columns: table.rows[0]?.length ?? 0,
          })}
        </Text>
      )}
      <ScrollArea.Autosize mah="60vh" type="auto">
        <Table striped withTableBorder withColumnBorders verticalSpacing={4} fz="sm">
          <Table.Tbody>
            {table.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the rows of a read-only sheet never move
              <Table.Tr key={rowIndex}>
                <Table.Td className={classes.rowNumber}>{rowIndex + 1}</Table.Td>
                {row.map((cell, columnIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a read-only sheet never move
                  <Table.Td key={columnIndex} className={classes.cell}>
                    {cell}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function Workbook({ sheets }: { sheets: NamedSheet[] }) {
  const [active, setActive] = useState(0);
  const { t } = useTranslation();
  const sheet = sheets[Math.min(active, sheets.length - 1)];
  if (!sheet) return <Text c="dimmed">{t('documents.office.emptySheet')}</Text>;
  return (
    <Stack gap="xs" data-testid="preview-sheet">
      {sheets.length > 1 && (
        <ScrollArea type="auto" offsetScrollbars>
          <SegmentedControl
            size="xs"
            aria-label={t('documents.office.sheets')}
            value={String(active)}
            onChange={(value) => setActive(Number(value))}
            data={sheets.map((entry, index) => ({ value: String(index), label: entry.name }))}
          />
        </ScrollArea>
      )}
      <SheetTable key={active} table={sheet.table} />
    </Stack>
  );
}

/** Why the document is not shown, with its download instead. */
function DownloadInstead({
  downloadUrl,
  name,
  title,
  body,
  failed,
}: {
  downloadUrl: string;
  name: string;
  title: string;
  body: string;
  failed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color={failed ? 'red' : 'gray'}
      title={title}
      data-testid={failed ? 'preview-document-failed' : 'preview-document-too-large'}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{body}</Text>
        <Button
          component="a"
          href={downloadUrl}
          download={name}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
        >
          {t('common.download')}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * A zipped document (.docx, .xlsx, .epub), measured from its central directory before any
 * library unzips it (documents/zip-bounds.ts, loaded with the first such file): a zip bomb is
 * refused, a zip that cannot be measured is read as damaged. JSZip (mammoth's, epub.js's)
 * would inflate a part that lies past its declared size, so .docx and .epub reach it as a
 * stored copy unzipped within the declared sizes; read-excel-file's fflate keeps to them itself.
 */
async function readZipped(
  kind: 'docx' | 'sheet' | 'epub',
  bytes: ArrayBuffer,
  language: string,
): Promise<Rendered | UnzipsTooLarge | { kind: 'epub'; bytes: ArrayBuffer }> {
  const { checkZipBounds, storedCopy } = await import('../documents/zip-bounds');
  const bounds = checkZipBounds(bytes);
  if (bounds.verdict === 'damaged') throw new Error('damaged zip');
  if (bounds.verdict === 'refused') {
    const { maxUncompressed, maxEntries } = bounds;
    return { kind: 'unzipsTooLarge', maxUncompressed, maxEntries };
  }
  if (kind === 'sheet') return readWorkbook(bytes, language);
  const stored = await storedCopy(bytes);
  return kind === 'epub' ? { kind: 'epub', bytes: stored } : renderDocx(stored);
}

/**
 * Word documents, spreadsheets, CSV and EPUB books read in the page by libraries that load
 * with the first such file opened (each in its own chunk), from the file's short-lived link.
 */
export default function DocumentPreview({
  entry,
  url,
  downloadUrl,
}: {
  entry: FsEntry;
  url: string;
  downloadUrl: string;
}) {
  const { t, i18n } = useTranslation();
  const kind = documentKind(entry.name);
  const tooLarge = (entry.size ?? 0) > DOCUMENT_PREVIEW_MAX_BYTES;
  const document = useQuery({
    queryKey: ['document-preview', url, i18n.language],
    enabled: kind !== null && !tooLarge,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    queryFn: async () => {
      const bytes = await fetchBytes(url);
      if (kind === null) throw new Error('not a document');
      return kind === 'csv' ? readCsv(bytes) : readZipped(kind, bytes, i18n.language);
    },
  });

  if (tooLarge) {
    return (
      <DownloadInstead
        downloadUrl={downloadUrl}
        name={entry.name}
        title={t('documents.office.tooLargeTitle')}
        body={t('documents.office.tooLargeBody', {
          limit: formatBytes(DOCUMENT_PREVIEW_MAX_BYTES, i18n.language),
        })}
        failed={false}
      />
    );
  }
  if (document.isPending) {
    return (
      <Stack align="center" gap="xs" py="xl" data-testid="preview-document-loading">
        <Loader type="dots" />
        <Text size="sm" c="dimmed">
          {t('documents.office.reading')}
        </Text>
      </Stack>
    );
  }
  const failed = (
    <DownloadInstead
      downloadUrl={downloadUrl}
      name={entry.name}
      title={t('documents.office.failed')}
      body={t('documents.office.failedBody')}
      failed
    />
  );
  if (document.isError) return failed;
  const rendered = document.data;
  if (rendered.kind === 'unzipsTooLarge') {
    return (
      <DownloadInstead
        downloadUrl={downloadUrl}
        name={entry.name}
        title={t('documents.office.tooLargeTitle')}
        body={t('documents.office.unzipsTooLargeBody', {
          limit: formatBytes(rendered.maxUncompressed, i18n.language),
          entries: rendered.maxEntries.toLocaleString(i18n.language),
        })}
        failed={false}
      />
    );
  }
  if (rendered.kind === 'epub') {
    return <EpubView bytes={rendered.bytes} failed={failed} />;
  }
  if (rendered.kind === 'sheets') return <Workbook sheets={rendered.sheets} />;
  return (
    <ScrollArea.Autosize mah="65vh" type="auto">
      <div
        className={classes.page}
        data-testid="preview-docx"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above
        dangerouslySetInnerHTML={{ __html: rendered.html }}
      />
    </ScrollArea.Autosize>
  );
}
