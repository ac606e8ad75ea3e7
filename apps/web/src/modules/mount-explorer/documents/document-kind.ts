import type { FsEntry } from '@sharebin/shared';

/**
 * The documents previewed in the browser by a library loaded on demand (issue 32, item 3).
 * Legacy `.xls`, `.ods` and `.pptx` are not among them: no maintained library small enough
 * reads them in a browser, so they keep the download state.
 */
export type DocumentKind = 'docx' | 'sheet' | 'csv' | 'epub';

const KIND_BY_EXTENSION: Readonly<Record<string, DocumentKind>> = {
  docx: 'docx',
  xlsx: 'sheet',
  csv: 'csv',
  epub: 'epub',
};

/** Larger documents are not read into the page: they are downloaded. */
export const DOCUMENT_PREVIEW_MAX_BYTES = 20 * 1024 * 1024;
export const SHEET_MAX_ROWS = 1000;
export const SHEET_MAX_COLUMNS = 100;

export function documentKind(name: string): DocumentKind | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  return KIND_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null;
}

export const isDocument = (entry: FsEntry) =>
  !entry.is_directory && documentKind(entry.name) !== null;

export interface CappedTable {
  rows: string[][];
  /** The rows and columns the sheet has, of which at most the caps are shown. */
  totalRows: number;
  totalColumns: number;
  truncated: boolean;
}

/** The first rows and columns of a sheet, every row as wide as the widest one shown. */
export function capTable(
  rows: readonly (readonly string[])[],
  maxRows = SHEET_MAX_ROWS,
  maxColumns = SHEET_MAX_COLUMNS,
): CappedTable {
  const totalColumns = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  const width = Math.min(totalColumns, maxColumns);
  const shown = rows.slice(0, maxRows).map((row) => {
    const cells = row.slice(0, width);
    while (cells.length < width) cells.push('');
    return cells;
  });
  return {
    rows: shown,
    totalRows: rows.length,
    totalColumns,
    truncated: rows.length > maxRows || totalColumns > maxColumns,
  };
}
