import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { capTable, documentKind } from './document-kind';

describe('parseCsv', () => {
  it('keeps one field past the column cap and drops the rest: separators alone make no millions of cells', () => {
    const rows = parseCsv(`${','.repeat(1_000_000)}\na,b,c\n`, Number.POSITIVE_INFINITY, 100);
    expect(rows.map((row) => row.length)).toEqual([101, 3]);
  });

  it('reads quoted separators, doubled quotes and line breaks inside quotes', () => {
    expect(parseCsv('name,note\r\n"Smith, J","said ""hi""\r\nthen left"\r\n')).toEqual([
      ['name', 'note'],
      ['Smith, J', 'said "hi"\r\nthen left'],
    ]);
  });

  it('accepts LF endings, a missing last line break, empty fields and a BOM', () => {
    expect(parseCsv('\uFEFFa,,c\n1,2,')).toEqual([
      ['a', '', 'c'],
      ['1', '2', ''],
    ]);
  });

  it('uses semicolons or tabs when the first line is separated by them', () => {
    expect(parseCsv('"a,b";c\n1;2')).toEqual([
      ['a,b', 'c'],
      ['1', '2'],
    ]);
    expect(parseCsv('a\tb\n1\t2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('stops after the rows asked for', () => {
    expect(parseCsv('1\n2\n3\n4', 2)).toEqual([['1'], ['2']]);
  });

  it('reads an empty file as no rows', () => {
    expect(parseCsv('')).toEqual([]);
  });
});

describe('capTable', () => {
  it('keeps the first rows and columns and pads short rows', () => {
    const table = capTable([['a', 'b', 'c'], ['d'], ['e', 'f']], 2, 2);
    expect(table).toEqual({
      rows: [
        ['a', 'b'],
        ['d', ''],
      ],
      totalRows: 3,
      totalColumns: 3,
      truncated: true,
    });
  });

  it('is not truncated within the caps', () => {
    expect(capTable([['x']]).truncated).toBe(false);
  });
});

describe('documentKind', () => {
  it('knows documents by their extension, in any case', () => {
    expect(documentKind('Report.DOCX')).toBe('docx');
    expect(documentKind('budget.xlsx')).toBe('sheet');
    expect(documentKind('data.csv')).toBe('csv');
    expect(documentKind('novel.epub')).toBe('epub');
    expect(documentKind('old.xls')).toBeNull();
    expect(documentKind('docx')).toBeNull();
    expect(documentKind('.csv')).toBeNull();
  });
});
