import { deflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  checkZipBounds,
  storedCopy,
  ZIP_MAX_ENTRIES,
  ZIP_MAX_TOTAL_UNCOMPRESSED,
  ZIP_RATIO_MIN_UNCOMPRESSED,
} from './zip-bounds';

const KIB = 1024;
const MIB = 1024 * KIB;
const GIB = 1024 * MIB;

interface Part {
  name: string;
  bytes: Buffer;
  deflate?: boolean;
  /** What the central directory says the part inflates to (a bomb lies here). */
  declaredSize?: number;
  declaredCompressedSize?: number;
  /** A ZIP64 extended information extra field (id 1) with these sizes. */
  zip64?: { uncompressed: bigint; compressed: bigint };
}

/**
 * The bytes of a zip as writers lay it out: local headers and data, the central directory,
 * then the End of Central Directory record (with `comment` after it). CRCs are left at 0:
 * the bounds never read them.
 */
function zip(parts: Part[], { comment = Buffer.alloc(0), zip64Locator = false } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = part.deflate ? deflateRawSync(part.bytes) : part.bytes;
    const name = Buffer.from(part.name);
    const compressed = part.declaredCompressedSize ?? data.length;
    const uncompressed = part.declaredSize ?? part.bytes.length;
    let extra = Buffer.alloc(0);
    if (part.zip64) {
      extra = Buffer.alloc(20);
      extra.writeUInt16LE(1, 0);
      extra.writeUInt16LE(16, 2);
      extra.writeBigUInt64LE(part.zip64.uncompressed, 4);
      extra.writeBigUInt64LE(part.zip64.compressed, 12);
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.deflate ? 8 : 0, 8);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(uncompressed, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.deflate ? 8 : 0, 10);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(uncompressed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name, extra);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const locator = Buffer.alloc(zip64Locator ? 20 : 0);
  if (zip64Locator) locator.writeUInt32LE(0x07064b50, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length + locator.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(comment.length, 20);
  return Buffer.concat([...locals, directory, locator, end, comment]);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** The parts of a small Word document, deflated as Word writes them. */
const docxParts = (): Part[] => [
  { name: '[Content_Types].xml', bytes: Buffer.from(`${XML}<Types/>`), deflate: true },
  { name: '_rels/.rels', bytes: Buffer.from(`${XML}<Relationships/>`), deflate: true },
  {
    name: 'word/document.xml',
    bytes: Buffer.from(
      `${XML}<w:document><w:body>${'<w:p><w:r><w:t>Sales grew.</w:t></w:r></w:p>'.repeat(500)}</w:body></w:document>`,
    ),
    deflate: true,
  },
];

/** The bytes of a Buffer alone, as fetch().arrayBuffer() hands them over. */
const arrayBufferOf = (buffer: Buffer) =>
  buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;

describe('checkZipBounds', () => {
  it('passes a small docx-like zip and sums what its parts inflate to', () => {
    const parts = docxParts();
    const bounds = checkZipBounds(arrayBufferOf(zip(parts)));
    expect(bounds).toEqual({
      verdict: 'ok',
      entries: 3,
      uncompressed: parts.reduce((sum, part) => sum + part.bytes.length, 0),
    });
  });

  it('passes a real large workbook: 150 MiB of sheet XML inflating 7.5x, and big pictures', () => {
    const bounds = checkZipBounds(
      zip([
        ...docxParts(),
        {
          name: 'xl/worksheets/sheet1.xml',
          bytes: Buffer.alloc(0),
          declaredSize: 150 * MIB,
          declaredCompressedSize: 20 * MIB,
        },
        { name: 'xl/media/image1.png', bytes: Buffer.alloc(2 * MIB, 7) },
      ]),
    );
    expect(bounds.verdict).toBe('ok');
  });

  it('refuses a declared bomb: one part of 1 KiB that inflates to 2 GiB', () => {
    const bounds = checkZipBounds(
      zip([
        ...docxParts(),
        { name: 'word/media/bomb.xml', bytes: Buffer.alloc(KIB), declaredSize: 2 * GIB },
      ]),
    );
    expect(bounds).toMatchObject({
      verdict: 'refused',
      reason: 'total',
      maxUncompressed: ZIP_MAX_TOTAL_UNCOMPRESSED,
      maxEntries: ZIP_MAX_ENTRIES,
    });
  });

  it('refuses a real bomb: 64 MiB of one byte deflated 1000:1, under the total bound', () => {
    const bytes = Buffer.alloc(64 * MIB, 0x20);
    const archive = zip([...docxParts(), { name: 'word/document2.xml', bytes, deflate: true }]);
    expect(archive.length).toBeLessThan(MIB);
    expect(checkZipBounds(archive)).toMatchObject({ verdict: 'refused', reason: 'ratio' });
  });

  it('lets small parts compress as tightly as they like: the ratio counts past 10 MiB', () => {
    const bytes = Buffer.alloc(ZIP_RATIO_MIN_UNCOMPRESSED, 0x20);
    const bounds = checkZipBounds(zip([{ name: 'word/document.xml', bytes, deflate: true }]));
    expect(bounds.verdict).toBe('ok');
  });

  it('refuses a bomb spread over parts that each stay under the ratio: their sum counts', () => {
    const parts = Array.from({ length: 30 }, (_, index) => ({
      name: `xl/worksheets/sheet${index}.xml`,
      bytes: Buffer.alloc(0),
      declaredSize: 10 * MIB,
      declaredCompressedSize: 1 * MIB,
    }));
    expect(checkZipBounds(zip(parts))).toMatchObject({ verdict: 'refused', reason: 'total' });
    expect(checkZipBounds(zip(parts.slice(0, 25))).verdict).toBe('ok');
  });

  it('refuses more than 10,000 entries, and passes 10,000', () => {
    const parts = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        name: `p/${index}.xml`,
        bytes: Buffer.from('<a/>'),
      }));
    expect(checkZipBounds(zip(parts(ZIP_MAX_ENTRIES))).verdict).toBe('ok');
    expect(checkZipBounds(zip(parts(ZIP_MAX_ENTRIES + 1)))).toMatchObject({
      verdict: 'refused',
      reason: 'entries',
    });
  });

  it('refuses a ZIP64 size marker, whatever the extra field says', () => {
    const marked = (zip64?: Part['zip64']) =>
      zip([
        ...docxParts(),
        {
          name: 'word/document2.xml',
          bytes: Buffer.from('<a/>'),
          declaredSize: 0xffffffff,
          declaredCompressedSize: 0xffffffff,
          zip64,
        },
      ]);
    expect(checkZipBounds(marked())).toMatchObject({ verdict: 'refused', reason: 'zip64' });
    expect(checkZipBounds(marked({ uncompressed: 4n, compressed: 4n }))).toMatchObject({
      verdict: 'refused',
      reason: 'zip64',
    });
    expect(
      checkZipBounds(marked({ uncompressed: 5n * BigInt(GIB), compressed: 4n })),
    ).toMatchObject({ verdict: 'refused', reason: 'zip64' });
  });

  it('refuses a ZIP64 end record, which fflate would follow to another directory', () => {
    const bounds = checkZipBounds(zip(docxParts(), { zip64Locator: true }));
    expect(bounds).toMatchObject({ verdict: 'refused', reason: 'zip64' });
  });

  it('answers "damaged" for a truncated, garbled, empty or non-zip file, never throwing', () => {
    const archive = zip(docxParts());
    const cases = [
      Buffer.from('this is not a zip archive at all'),
      Buffer.alloc(0),
      Buffer.alloc(21),
      archive.subarray(0, archive.length - 10),
      archive.subarray(0, Math.floor(archive.length / 2)),
    ];
    // The end record found, the directory it points at garbled.
    const garbled = Buffer.from(archive);
    const end = garbled.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    garbled.fill(0xab, garbled.readUInt32LE(end + 16), end);
    cases.push(garbled);
    // The directory said to start past the end record.
    const pointingOut = Buffer.from(archive);
    pointingOut.writeUInt32LE(0x7fffffff, end + 16);
    cases.push(pointingOut);
    // An entry's name said to run past the directory.
    const longName = Buffer.from(archive);
    longName.writeUInt16LE(0xfff0, longName.readUInt32LE(end + 16) + 28);
    cases.push(longName);
    for (const bytes of cases) expect(checkZipBounds(bytes)).toEqual({ verdict: 'damaged' });
  });

  it('answers "damaged" when the entry count and the directory disagree', () => {
    const archive = zip(docxParts());
    const end = archive.length - 22;
    const fewer = Buffer.from(archive);
    fewer.writeUInt16LE(2, end + 8);
    fewer.writeUInt16LE(2, end + 10);
    expect(checkZipBounds(fewer)).toEqual({ verdict: 'damaged' });
    const more = Buffer.from(archive);
    more.writeUInt16LE(4, end + 8);
    more.writeUInt16LE(4, end + 10);
    expect(checkZipBounds(more)).toEqual({ verdict: 'damaged' });
  });

  it('finds the end record behind a comment of up to 65,535 bytes', () => {
    const comment = Buffer.alloc(0xffff, 'c');
    const bounds = checkZipBounds(zip(docxParts(), { comment }));
    expect(bounds).toMatchObject({ verdict: 'ok', entries: 3 });
    // Bytes beyond the longest comment hide the end record: no zip reader looks further.
    const beyond = Buffer.concat([zip(docxParts(), { comment }), Buffer.from('x')]);
    expect(checkZipBounds(beyond)).toEqual({ verdict: 'damaged' });
  });

  it('reads a zip given as a view into a larger buffer', () => {
    const archive = zip(docxParts());
    const padded = Buffer.concat([Buffer.alloc(100, 1), archive, Buffer.alloc(100, 2)]);
    const view = new Uint8Array(padded.buffer, padded.byteOffset + 100, archive.length);
    expect(checkZipBounds(view)).toMatchObject({ verdict: 'ok', entries: 3 });
  });
});

describe('storedCopy', () => {
  it('keeps every part as it is, stored without compression', async () => {
    const xml = Buffer.from('<w:document>hello</w:document>'.repeat(200));
    const copy = await storedCopy(
      arrayBufferOf(zip([{ name: 'word/document.xml', bytes: xml, deflate: true }])),
    );
    const parts = unzipSync(new Uint8Array(copy));
    expect(Buffer.from(parts['word/document.xml'] ?? []).equals(xml)).toBe(true);
    // Stored: the copy is as large as what it holds, nothing left for JSZip to inflate.
    expect(copy.byteLength).toBeGreaterThan(xml.length);
  });

  it('cuts a part that lies about its size at what it declares', async () => {
    const lying = zip([
      {
        name: 'word/document.xml',
        bytes: Buffer.alloc(8 * MIB),
        deflate: true,
        declaredSize: 1000,
      },
    ]);
    expect(checkZipBounds(arrayBufferOf(lying)).verdict).toBe('ok');
    const parts = unzipSync(new Uint8Array(await storedCopy(arrayBufferOf(lying))));
    expect(parts['word/document.xml']?.length).toBe(1000);
  });
});
