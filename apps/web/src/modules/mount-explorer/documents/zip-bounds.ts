/**
 * A zip bomb guard for the documents the page unzips (.docx, .xlsx, .epub). Files over
 * 20 MiB are not previewed at all, but a smaller file can still inflate to gigabytes (one part
 * compressed 1000:1) and take the tab down before any row cap applies. Before the bytes go to
 * a library, this reads the zip's central directory (the End of Central Directory record,
 * then every entry) and adds up the inflated sizes it declares.
 *
 * The bounds, measured on 50-80 MiB of sheet XML deflated at zlib's default level: random
 * numbers inflate 5.5x, shared-string indexes 7.9x, empty styled cells 12.4x, one value
 * repeated in every cell 15.3x.
 * - 256 MiB in all: a real 20 MiB workbook at the usual 5-10x (100-200 MiB) passes with room
 *   to spare; past that the libraries build strings and cell arrays several times that size,
 *   which a tab is unlikely to survive anyway.
 * - A ratio of 200 for an entry over 10 MiB: 13 times the most regular real sheet measured;
 *   deflate tops out near 1032:1, where bombs sit. Small entries may compress as they like.
 * - 10,000 entries: a document has tens to a few hundred parts; each entry costs the
 *   libraries an object, and a bomb of many overlapping entries needs many.
 *
 * What still protects us when the declared sizes lie:
 * - .xlsx: read-excel-file unzips with fflate, which allocates each part's output at its
 *   declared size and never grows it (inflateSync with `out`), so the declared sizes checked
 *   here are the most it writes: a lie only truncates the part, and the parse then fails.
 * - .docx and .epub: mammoth and epub.js unzip with JSZip, which inflates with pako into a
 *   growing buffer and compares the length to the declared size only at the end: a file that
 *   lies in its central directory would inflate up to the 20 MiB cap times deflate's 1032:1,
 *   about 20 GiB. So they get `storedCopy` instead: fflate unzips it within the declared sizes
 *   and zips the parts again without compression, which JSZip only copies.
 *
 * Where the libraries disagree, this refuses: ZIP64 (neither needs it under these bounds, and
 * fflate takes a 0xFFFFFFFF size as 4 GiB when the archive has no ZIP64 end record), split
 * archives, and a central directory that does not end exactly at the end record (JSZip would
 * then look for it elsewhere, and reads every consecutive entry whatever the count says).
 */

export const ZIP_MAX_TOTAL_UNCOMPRESSED = 256 * 1024 * 1024;
export const ZIP_MAX_RATIO = 200;
export const ZIP_RATIO_MIN_UNCOMPRESSED = 10 * 1024 * 1024;
export const ZIP_MAX_ENTRIES = 10_000;

export type ZipRefusal = 'total' | 'ratio' | 'entries' | 'zip64';

export type ZipBounds =
  | { verdict: 'ok'; entries: number; uncompressed: number }
  /** The bounds come along for the message, so that the page need not import them. */
  | { verdict: 'refused'; reason: ZipRefusal; maxUncompressed: number; maxEntries: number }
  | { verdict: 'damaged' };

const END_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;
const CENTRAL_SIZE = 46;
const MAX_COMMENT = 0xffff;
const MARKER_16 = 0xffff;
const MARKER_32 = 0xffffffff;

const DAMAGED: ZipBounds = { verdict: 'damaged' };
const refused = (reason: ZipRefusal): ZipBounds => ({
  verdict: 'refused',
  reason,
  maxUncompressed: ZIP_MAX_TOTAL_UNCOMPRESSED,
  maxEntries: ZIP_MAX_ENTRIES,
});

/**
 * The last End of Central Directory signature within the 65,535-byte comment's reach of the
 * end, as fflate and JSZip both pick; -1 when there is none.
 */
function findEnd(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - END_SIZE - MAX_COMMENT);
  for (let at = view.byteLength - END_SIZE; at >= lowest; at--) {
    if (view.getUint32(at, true) === END_SIGNATURE) return at;
  }
  return -1;
}

/** Whether the zip's declared contents stay within the bounds above. Never throws. */
export function checkZipBounds(input: ArrayBuffer | Uint8Array): ZipBounds {
  const view =
    input instanceof Uint8Array
      ? new DataView(input.buffer, input.byteOffset, input.byteLength)
      : new DataView(input);
  const end = findEnd(view);
  if (end < 0) return DAMAGED;

  const disk = view.getUint16(end + 4, true);
  const directoryDisk = view.getUint16(end + 6, true);
  const entriesOnDisk = view.getUint16(end + 8, true);
  const entries = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (
    entries === MARKER_16 ||
    entriesOnDisk === MARKER_16 ||
    directorySize === MARKER_32 ||
    directoryOffset === MARKER_32 ||
    (end >= ZIP64_LOCATOR_SIZE &&
      view.getUint32(end - ZIP64_LOCATOR_SIZE, true) === ZIP64_LOCATOR_SIGNATURE)
  ) {
    return refused('zip64');
  }
  if (disk !== 0 || directoryDisk !== 0 || entriesOnDisk !== entries) return DAMAGED;
  if (entries > ZIP_MAX_ENTRIES) return refused('entries');
  if (directoryOffset + directorySize !== end) return DAMAGED;

  let at = directoryOffset;
  let counted = 0;
  let uncompressed = 0;
  while (at < end) {
    if (at + CENTRAL_SIZE > end || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return DAMAGED;
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const localOffset = view.getUint32(at + 42, true);
    if (
      compressedSize === MARKER_32 ||
      uncompressedSize === MARKER_32 ||
      localOffset === MARKER_32
    ) {
      return refused('zip64');
    }
    counted += 1;
    uncompressed += uncompressedSize;
    if (uncompressed > ZIP_MAX_TOTAL_UNCOMPRESSED) return refused('total');
    if (
      uncompressedSize > ZIP_RATIO_MIN_UNCOMPRESSED &&
      uncompressedSize > compressedSize * ZIP_MAX_RATIO
    ) {
      return refused('ratio');
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    at += CENTRAL_SIZE + nameLength + extraLength + commentLength;
  }
  if (at !== end || counted !== entries) return DAMAGED;
  return { verdict: 'ok', entries, uncompressed };
}

/**
 * The zip's parts, each inflated at most to the size it declares (fflate's `unzipSync` never
 * writes past it: a part that lies comes out cut, and its document then fails to parse),
 * zipped again without compression. Call it after `checkZipBounds` said ok: the declared sizes
 * are then the bound.
 */
export async function storedCopy(bytes: ArrayBuffer): Promise<ArrayBuffer> {
  const { unzipSync, zipSync } = await import('fflate');
  const copy = zipSync(unzipSync(new Uint8Array(bytes)), { level: 0 });
  return copy.buffer.slice(copy.byteOffset, copy.byteOffset + copy.byteLength) as ArrayBuffer;
}
