import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { CrcCache } from './crc-cache';
import { zipSourceChanged } from './zip.errors';
import {
  type CrcBook,
  chunksOf,
  type OpenedObject,
  type Piece,
  piecesIn,
  type ZipEntry,
  type ZipOrigin,
  type ZipSource,
} from './zip-layout';
import { centralHeader, dataDescriptor, endRecords, localHeader } from './zip-records';

/** Records and small files are gathered into chunks of about this size before they are sent. */
export const CHUNK_BYTES = 64 * 1024;

/**
 * `end` inclusive; one chunk in memory at a time. A range needing the CRC of a file it skips
 * takes it from the CRC cache or re-reads the skipped part (`crcOf`), so a resumed download is
 * byte-identical. An unreadable or resized file cuts the stream short of its Content-Length,
 * so the client sees an incomplete download, not a corrupt-but-complete archive.
 */
export function archiveStream(
  layout: ZipSource,
  range: { start: number; end: number },
  crcs: CrcCache,
): Readable {
  const book: CrcBook = {
    known: (entry) => layout.crcs?.known(entry) ?? crcs.get(entry),
    remember(entry, crc) {
      crcs.set(entry, crc);
      layout.crcs?.remember(entry, crc);
    },
    finish: async () => layout.crcs?.finish?.(),
  };
  return Readable.from(coalesce(archiveBytes(layout, range, book)), { objectMode: false });
}

/** Opening costs a round trip; only small files open ahead, so no storage connection idles. */
export const OPEN_AHEAD = 8;
export const OPEN_AHEAD_MAX_BYTES = 1024 * 1024;
export const STEPS_AHEAD = 64;

/** One stretch of an entry's data to send, and how it is read. */
interface DataRead {
  entry: ZipEntry;
  from: number;
  to: number;
  /** Where reading starts: `from`, or 0 when the CRC comes out of this read. */
  readFrom: number;
  computeCrc: boolean;
  opened?: Promise<OpenedObject>;
}

type Step = { piece: Piece; from: number; to: number; read?: DataRead };

async function* archiveBytes(
  layout: ZipSource,
  { start, end }: { start: number; end: number },
  crcs: CrcBook,
): AsyncGenerator<Buffer> {
  const pieces = piecesIn(layout, start, end);
  const ahead: Step[] = [];
  let reading = 0;
  let unopened = 0;
  /** None past a large file still to open; at most STEPS_AHEAD steps. */
  const fill = async () => {
    while (reading < OPEN_AHEAD && unopened === 0 && ahead.length < STEPS_AHEAD) {
      const next = await pieces.next();
      if (next.done) return;
      const piece = next.value;
      const from = Math.max(start, piece.start) - piece.start;
      const to = Math.min(end + 1, piece.start + piece.length) - piece.start;
      const entry = piece.placed?.entry;
      const read =
        piece.kind === 'data' && entry?.origin ? startRead(entry, from, to, crcs) : undefined;
      if (read) reading++;
      if (read && !read.opened) unopened++;
      ahead.push({ piece, from, to, read });
    }
  };
  try {
    for (await fill(); ahead.length > 0; await fill()) {
      const { piece, from, to, read } = ahead.shift() as Step;
      if (read) {
        reading--;
        if (!read.opened) unopened--;
        yield* sendData(read, crcs);
      } else if (piece.kind !== 'data') {
        const record = await recordBytes(layout, piece, crcs);
        yield from === 0 && to === record.length ? record : record.subarray(from, to);
      }
    }
    await crcs.finish?.();
  } finally {
    await pieces.return(undefined);
    // Cut short (client gone, a read failed): close what was opened ahead.
    for (const { read } of ahead) {
      read?.opened?.then(
        ({ body }) => body.destroy(),
        () => {},
      );
    }
  }
}

/** `to` exclusive. Reads from byte 0 (unsent) when the CRC is unknown and the range needs it. */
function startRead(entry: ZipEntry, from: number, to: number, crcs: CrcBook): DataRead {
  entry.crc ??= crcs.known(entry);
  const computeCrc = entry.crc === undefined && to === entry.size;
  const read: DataRead = { entry, from, to, readFrom: computeCrc ? 0 : from, computeCrc };
  if (to - read.readFrom <= OPEN_AHEAD_MAX_BYTES) {
    read.opened = open(read);
    // Awaited in turn by sendData; until then a failure must not count as unhandled.
    read.opened.catch(() => {});
  }
  return read;
}

const open = ({ entry, readFrom, to }: DataRead) =>
  (entry.origin as ZipOrigin).open(entry.key, { start: readFrom, end: to - 1 });

async function* sendData(read: DataRead, crcs: CrcBook): AsyncGenerator<Buffer> {
  const { entry, from, to, computeCrc } = read;
  const object = await (read.opened ?? open(read));
  const path = (entry.origin as ZipOrigin).pathOf(entry.key);
  if (object.size !== entry.size) {
    object.body.destroy();
    throw zipSourceChanged(path);
  }
  let at = read.readFrom;
  let crc = 0;
  for await (const chunk of chunksOf(object)) {
    if (computeCrc) crc = crc32(chunk, crc);
    const chunkEnd = at + chunk.length;
    if (chunkEnd > from) yield at >= from ? chunk : chunk.subarray(from - at);
    at = chunkEnd;
  }
  if (at !== to) throw zipSourceChanged(path);
  if (computeCrc) {
    entry.crc = crc;
    crcs.remember(entry, crc);
  }
}

async function recordBytes(layout: ZipSource, piece: Piece, crcs: CrcBook): Promise<Buffer> {
  if (!piece.placed) return endRecords(layout.directory);
  const { entry, offset } = piece.placed;
  switch (piece.kind) {
    case 'header':
      return localHeader(entry);
    case 'descriptor':
      return dataDescriptor(entry, await crcOf(entry, crcs));
    default:
      return centralHeader(entry, offset, await crcOf(entry, crcs));
  }
}

/** The entry's CRC: known already, cached, or computed by reading the whole file now. */
async function crcOf(entry: ZipEntry, crcs: CrcBook): Promise<number> {
  if (entry.size === 0 || !entry.origin) return 0;
  entry.crc ??= crcs.known(entry);
  if (entry.crc !== undefined) return entry.crc;
  const read = startRead(entry, entry.size, entry.size, crcs);
  for await (const _ of sendData(read, crcs)) {
    // Nothing is sent: the read only computes the CRC.
  }
  return entry.crc ?? 0;
}

/**
 * Copied at once, not held until a chunk is full, so small buffers die young instead of
 * outliving scavenges into the old generation.
 */
export async function* coalesce(buffers: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let chunk: Buffer | null = null;
  let used = 0;
  for await (const buffer of buffers) {
    for (let at = 0; at < buffer.length; ) {
      if (used === 0 && buffer.length - at >= CHUNK_BYTES) {
        yield at === 0 ? buffer : buffer.subarray(at);
        break;
      }
      chunk ??= Buffer.allocUnsafeSlow(CHUNK_BYTES);
      const copied = buffer.copy(chunk, used, at);
      used += copied;
      at += copied;
      if (used === CHUNK_BYTES) {
        yield chunk;
        chunk = null;
        used = 0;
      }
    }
  }
  if (chunk && used > 0) yield chunk.subarray(0, used);
}
