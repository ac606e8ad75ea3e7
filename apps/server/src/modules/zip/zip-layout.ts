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

/**
 * Where files' bytes come from: one origin per mount folder walked, shared by all its entries
 * (so 100,000 entries hold 100,000 keys, not 100,000 closures), or bytes the planner made.
 */
export interface ZipOrigin {
  /** The bytes `start` to `end` (inclusive) of the object at `key`, and its whole size. */
  open(
    key: string,
    range: { start: number; end: number },
  ): Promise<{ body: Readable; size: number }>;
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
}

export const versionOf = (entry: ZipEntry) =>
  entry.origin?.versionOf(entry.key, entry.size, entry.modifiedAt) ?? '';

/** The whole archive, laid out before its first byte is sent. */
export interface ZipLayout {
  entries: ZipEntry[];
  /** Offset of each entry's local header. */
  offsets: Float64Array;
  directory: CentralDirectory;
  size: number;
  /** Changes whenever any name, size or date in the archive does (for `If-Range`). */
  etag: string;
}

export function layOut(entries: ZipEntry[]): ZipLayout {
  const offsets = new Float64Array(entries.length);
  const hash = createHash('sha256');
  let at = 0;
  entries.forEach((entry, index) => {
    offsets[index] = at;
    at += localHeaderLength(entry) + entry.size + descriptorLength(entry);
    hash.update(`${entry.name}\0${entry.size}\0${entry.dosDateTime}\0${versionOf(entry)}\0`);
  });
  let centralSize = 0;
  entries.forEach((entry, index) => {
    centralSize += centralHeaderLength(entry, offsets[index] as number);
  });
  const directory = { entries: entries.length, offset: at, size: centralSize };
  return {
    entries,
    offsets,
    directory,
    size: at + centralSize + endLength(directory),
    etag: hash.digest('base64url').slice(0, 27),
  };
}

export type PieceKind = 'header' | 'data' | 'descriptor' | 'central' | 'end';

/** A stretch of the archive: one record, or one entry's data. `index` is -1 for the end. */
export interface Piece {
  kind: PieceKind;
  index: number;
  start: number;
  length: number;
}

/** The pieces that overlap the bytes `start` to `end` (inclusive), in order. */
export function* piecesIn(layout: ZipLayout, start: number, end: number): Generator<Piece> {
  const overlaps = (piece: Piece) =>
    piece.length > 0 && piece.start <= end && piece.start + piece.length > start;
  const { entries, offsets, directory } = layout;
  if (start < directory.offset) {
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index] as ZipEntry;
      const headerStart = offsets[index] as number;
      const dataStart = headerStart + localHeaderLength(entry);
      if (headerStart > end) return;
      const pieces: Piece[] = [
        { kind: 'header', index, start: headerStart, length: dataStart - headerStart },
        { kind: 'data', index, start: dataStart, length: entry.size },
        {
          kind: 'descriptor',
          index,
          start: dataStart + entry.size,
          length: descriptorLength(entry),
        },
      ];
      yield* pieces.filter(overlaps);
    }
  }
  let at = directory.offset;
  for (let index = 0; index < entries.length && at <= end; index++) {
    const piece: Piece = {
      kind: 'central',
      index,
      start: at,
      length: centralHeaderLength(entries[index] as ZipEntry, offsets[index] as number),
    };
    if (overlaps(piece)) yield piece;
    at += piece.length;
  }
  const last: Piece = { kind: 'end', index: -1, start: at, length: endLength(directory) };
  if (overlaps(last)) yield last;
}
