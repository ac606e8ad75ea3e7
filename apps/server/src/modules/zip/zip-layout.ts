import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type CentralDirectory,
  centralHeaderLength,
  descriptorLength,
  endLength,
  localHeaderLength,
  type ZipRecordEntry,
} from './zip-records';

export interface OpenedObject {
  body: Readable;
  /** The bytes of `body`, when they were read at once (`GetResult.bytes`). */
  bytes?: Buffer;
  size: number;
}

export const chunksOf = (object: OpenedObject): Iterable<Buffer> | AsyncIterable<Buffer> =>
  object.bytes ? [object.bytes] : (object.body as AsyncIterable<Buffer>);

/** One per folder walked, shared by its entries: 100,000 entries hold keys, not closures. */
export interface ZipOrigin {
  /** The bytes `start` to `end` (inclusive) of the object at `key`, and its whole size. */
  open(key: string, range: { start: number; end: number }): Promise<OpenedObject>;
  /** Names this version of an object, for the CRC cache and the archive's ETag. */
  versionOf(key: string, size: number, modifiedAt: number | null): string;
  /** The virtual path of `key`, for messages. */
  pathOf(key: string): string;
}

export interface ZipEntry extends ZipRecordEntry {
  /** Null for folders. */
  origin: ZipOrigin | null;
  /** The object's key in its origin. */
  key: string;
  modifiedAt: number | null;
  /** Filled in once the bytes have been read (or came from the CRC cache). */
  crc?: number;
  /** Its row in a stored plan (a link's zip job), where a CRC computed is written back. */
  planSeq?: number;
}

export const versionOf = (entry: ZipEntry) =>
  entry.origin?.versionOf(entry.key, entry.size, entry.modifiedAt) ?? '';

/** An entry with where its local header and its central directory record start. */
export interface PlacedEntry {
  entry: ZipEntry;
  offset: number;
  centralOffset: number;
}

/** Laid out before the first byte; entries read where a range needs them (memory or plan). */
export interface ZipSource {
  directory: CentralDirectory;
  size: number;
  /** Changes whenever any name, size or date in the archive does (for `If-Range`). */
  etag: string;
  /** The entries from the one whose local part holds the byte `at` (or the first after it). */
  entriesFrom(at: number): AsyncIterable<PlacedEntry>;
  /** The entries from the one whose central record holds the byte `at`. */
  centralFrom(at: number): AsyncIterable<PlacedEntry>;
  /** CRCs the source itself keeps (a stored plan): asked first, and told each one computed. */
  crcs?: CrcBook;
}

/** Where a stream looks for CRCs it has not computed, and leaves those it computes. */
export interface CrcBook {
  known(entry: ZipEntry): number | undefined;
  remember(entry: ZipEntry, crc: number): void;
  /** Called once the stream has sent everything it was asked for. */
  finish?(): Promise<void>;
}

/** Lengths and offsets of an archive, added up one entry at a time, in archive order. */
export class ZipTally {
  private localEnd = 0;
  private centralSize = 0;
  private entries = 0;
  private readonly hash = createHash('sha256');

  /** Places the next entry; answers where its records start (central: from the directory's). */
  place(entry: ZipEntry): { offset: number; centralFrom: number } {
    const offset = this.localEnd;
    const centralFrom = this.centralSize;
    this.localEnd += localHeaderLength(entry) + entry.size + descriptorLength(entry);
    this.centralSize += centralHeaderLength(entry, offset);
    this.entries++;
    this.hash.update(`${entry.name}\0${entry.size}\0${entry.dosDateTime}\0${versionOf(entry)}\0`);
    return { offset, centralFrom };
  }

  totals(): Pick<ZipSource, 'directory' | 'size' | 'etag'> {
    const directory = { entries: this.entries, offset: this.localEnd, size: this.centralSize };
    return {
      directory,
      size: this.localEnd + this.centralSize + endLength(directory),
      etag: this.hash.digest('base64url').slice(0, 27),
    };
  }
}

/** The whole archive, laid out in memory. */
export interface ZipLayout extends ZipSource {
  entries: ZipEntry[];
  /** Offset of each entry's local header. */
  offsets: Float64Array;
}

export function layOut(entries: ZipEntry[]): ZipLayout {
  const offsets = new Float64Array(entries.length);
  const centralOffsets = new Float64Array(entries.length);
  const tally = new ZipTally();
  entries.forEach((entry, index) => {
    const placed = tally.place(entry);
    offsets[index] = placed.offset;
    centralOffsets[index] = placed.centralFrom;
  });
  const totals = tally.totals();
  const placedFrom = async function* (index: number): AsyncGenerator<PlacedEntry> {
    for (let at = Math.max(0, index); at < entries.length; at++) {
      const centralOffset = totals.directory.offset + (centralOffsets[at] as number);
      yield { entry: entries[at] as ZipEntry, offset: offsets[at] as number, centralOffset };
    }
  };
  return {
    entries,
    offsets,
    ...totals,
    entriesFrom: (at) => placedFrom(lastAtOrBefore(offsets, at)),
    centralFrom: (at) => placedFrom(lastAtOrBefore(centralOffsets, at - totals.directory.offset)),
  };
}

/** The index of the last of the ascending `values` that is at most `at` (0 when none is). */
function lastAtOrBefore(values: Float64Array, at: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((values[middle] as number) <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

export type PieceKind = 'header' | 'data' | 'descriptor' | 'central' | 'end';

/** A stretch of the archive: one record, or one entry's data. `placed` is null for the end. */
export interface Piece {
  kind: PieceKind;
  placed: PlacedEntry | null;
  start: number;
  length: number;
}

/** The pieces that overlap the bytes `start` to `end` (inclusive), in order. */
export async function* piecesIn(
  source: ZipSource,
  start: number,
  end: number,
): AsyncGenerator<Piece> {
  const overlaps = (piece: Piece) =>
    piece.length > 0 && piece.start <= end && piece.start + piece.length > start;
  const { directory } = source;
  if (start < directory.offset) {
    for await (const placed of source.entriesFrom(start)) {
      const { entry, offset } = placed;
      const dataStart = offset + localHeaderLength(entry);
      if (offset > end) return;
      const pieces: Piece[] = [
        { kind: 'header', placed, start: offset, length: dataStart - offset },
        { kind: 'data', placed, start: dataStart, length: entry.size },
        {
          kind: 'descriptor',
          placed,
          start: dataStart + entry.size,
          length: descriptorLength(entry),
        },
      ];
      yield* pieces.filter(overlaps);
    }
  }
  if (end >= directory.offset && directory.entries > 0) {
    for await (const placed of source.centralFrom(Math.max(start, directory.offset))) {
      if (placed.centralOffset > end) return;
      const length = centralHeaderLength(placed.entry, placed.offset);
      const piece: Piece = { kind: 'central', placed, start: placed.centralOffset, length };
      if (overlaps(piece)) yield piece;
    }
  }
  const endStart = directory.offset + directory.size;
  const last: Piece = { kind: 'end', placed: null, start: endStart, length: endLength(directory) };
  if (overlaps(last)) yield last;
}
