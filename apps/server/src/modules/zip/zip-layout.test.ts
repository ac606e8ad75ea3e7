import { describe, expect, it } from 'vitest';
import { layOut, type Piece, piecesIn, type ZipEntry } from './zip-layout';
import { commonFolder, distinctRoots } from './zip-plan';
import { dosDateTime, endLength, localHeaderLength, ZIP32_LIMIT } from './zip-records';

const entry = (name: string, size: number, isDirectory = false): ZipEntry => ({
  name,
  nameLength: Buffer.byteLength(name),
  isDirectory,
  size,
  dosDateTime: dosDateTime(null),
  origin: null,
  key: name,
  modifiedAt: null,
});

describe('zip layout', () => {
  it('writes MS-DOS dates in UTC, and 1980-01-01 for none', () => {
    expect(dosDateTime(Date.parse('2026-11-24T17:30:58Z'))).toBe(
      (((2026 - 1980) << 9) | (11 << 5) | 24) * 0x10000 + ((17 << 11) | (30 << 5) | 29),
    );
    expect(dosDateTime(null)).toBe(((1 << 5) | 1) * 0x10000);
    expect(dosDateTime(Date.parse('1970-01-02T00:00:00Z'))).toBe(dosDateTime(null));
  });

  it('gives files of 4 GiB and more a Zip64 extra and 8-byte descriptor sizes', () => {
    const small = entry('a', ZIP32_LIMIT - 1);
    const large = entry('b', ZIP32_LIMIT);
    expect(localHeaderLength(small)).toBe(31);
    expect(localHeaderLength(large)).toBe(51);
    const layout = layOut([small, large, entry('c', 1)]);
    // Both later headers lie past 4 GiB: their central records carry the offset in the Zip64
    // extra, after both sizes for the large file.
    expect(layout.offsets[1]).toBeGreaterThan(ZIP32_LIMIT);
    expect(layout.directory.size).toBe(47 + (47 + 4 + 3 * 8) + (47 + 4 + 8));
    expect(layout.size).toBe(layout.directory.offset + layout.directory.size + 22 + 76);
  });

  it('adds the Zip64 end records past 65,534 entries', () => {
    expect(endLength({ entries: 65_534, offset: 0, size: 0 })).toBe(22);
    expect(endLength({ entries: 65_535, offset: 0, size: 0 })).toBe(22 + 56 + 20);
    expect(endLength({ entries: 1, offset: ZIP32_LIMIT, size: 0 })).toBe(22 + 56 + 20);
  });

  it('finds exactly the pieces that cover a byte range', async () => {
    const layout = layOut([entry('dir/', 0, true), entry('dir/a', 10), entry('dir/e', 0)]);
    const pieces = async (start: number, end: number) => {
      const found: Piece[] = [];
      for await (const piece of piecesIn(layout, start, end)) found.push(piece);
      return found;
    };
    const covered = async (start: number, end: number) =>
      (await pieces(start, end)).reduce(
        (sum, piece) =>
          sum + Math.min(end + 1, piece.start + piece.length) - Math.max(start, piece.start),
        0,
      );
    for (const [start, end] of [
      [0, layout.size - 1],
      [3, 40],
      [40, 90],
      [layout.directory.offset - 1, layout.size - 1],
      [layout.size - 1, layout.size - 1],
    ] as const) {
      expect(await covered(start, end)).toBe(end - start + 1);
    }
    expect((await pieces(0, layout.size - 1)).map((piece) => piece.kind)).toEqual([
      'header',
      'header',
      'data',
      'descriptor',
      'header',
      'central',
      'central',
      'central',
      'end',
    ]);
  });

  it('names entries from the deepest common folder, each path once', () => {
    expect(distinctRoots(['/d/b', '/d', '/d/b', '/e'])).toEqual(['/d', '/e']);
    expect(commonFolder(['/docs/a/x', '/docs/a/y'])).toBe('/docs/a');
    expect(commonFolder(['/docs/a', '/docs/b/c'])).toBe('/docs');
    expect(commonFolder(['/x/readme', '/y/readme'])).toBe('/');
    expect(commonFolder(['/'])).toBe('/');
  });
});
