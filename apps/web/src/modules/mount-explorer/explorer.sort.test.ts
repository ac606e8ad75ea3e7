import type { FsEntry } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { nextSortOrder, sortEntries } from './explorer.sort';

const entry = (name: string, fields: Partial<FsEntry> = {}): FsEntry => ({
  name,
  path: `/m/${name}`,
  is_directory: false,
  size: 0,
  modified: null,
  mimetype: null,
  etag: null,
  is_mount: false,
  is_virtual: false,
  mount_id: 'm',
  ...fields,
});

const names = (entries: FsEntry[]) => entries.map((item) => item.name);

describe('sortEntries', () => {
  const items = [
    entry('file 10.txt', { size: 5, modified: '2026-01-03T00:00:00.000Z' }),
    entry('File 2.txt', { size: 50, modified: '2026-01-01T00:00:00.000Z' }),
    entry('b-folder', { is_directory: true, size: null }),
    entry('a.bin', { size: 5, modified: null }),
    entry('A-folder', { is_directory: true, size: null }),
  ];

  it('puts folders first and orders names numerically, ignoring case', () => {
    expect(names(sortEntries(items, { key: 'name', direction: 'asc' }, 'en-US'))).toEqual([
      'A-folder',
      'b-folder',
      'a.bin',
      'File 2.txt',
      'file 10.txt',
    ]);
    expect(names(sortEntries(items, { key: 'name', direction: 'desc' }, 'en-US'))).toEqual([
      'b-folder',
      'A-folder',
      'file 10.txt',
      'File 2.txt',
      'a.bin',
    ]);
  });

  it('orders by size with names breaking ties', () => {
    expect(names(sortEntries(items, { key: 'size', direction: 'asc' }, 'en-US'))).toEqual([
      'A-folder',
      'b-folder',
      'a.bin',
      'file 10.txt',
      'File 2.txt',
    ]);
  });

  it('orders by date with undated entries first when ascending', () => {
    expect(names(sortEntries(items, { key: 'modified', direction: 'asc' }, 'en-US'))).toEqual([
      'A-folder',
      'b-folder',
      'a.bin',
      'File 2.txt',
      'file 10.txt',
    ]);
  });

  it('leaves the input untouched', () => {
    const copy = [...items];
    sortEntries(items, { key: 'size', direction: 'desc' }, 'en-US');
    expect(items).toEqual(copy);
  });

  it('flips the direction on the same column and starts ascending on another', () => {
    expect(nextSortOrder({ key: 'name', direction: 'asc' }, 'name')).toEqual({
      key: 'name',
      direction: 'desc',
    });
    expect(nextSortOrder({ key: 'name', direction: 'desc' }, 'size')).toEqual({
      key: 'size',
      direction: 'asc',
    });
  });
});
