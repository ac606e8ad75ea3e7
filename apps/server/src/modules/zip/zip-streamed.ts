import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import type { CrcCache } from './crc-cache';
import { CENTRAL_MEMORY_BYTES, CentralRecords } from './zip-central-records';
import { chunksOf, type OpenedObject, type ZipEntry, type ZipOrigin } from './zip-layout';
import { FoldersLast, failuresEntry, type ZipFailure, zipEntryOf } from './zip-plan';
import {
  centralHeader,
  dataDescriptor,
  descriptorLength,
  endRecords,
  localHeader,
  localHeaderLength,
} from './zip-records';
import { CHUNK_BYTES, coalesce, OPEN_AHEAD, OPEN_AHEAD_MAX_BYTES, STEPS_AHEAD } from './zip-stream';
import type { StreamedWalk } from './zip-walk-feed';

const ZEROS = Buffer.alloc(CHUNK_BYTES);

/**
 * Past the budget: no length, so no resume, but first byte at once and flat memory. A file that
 * changes mid-send keeps its listed size (cut or zero-filled) so later offsets hold, and is named
 * in the failures; only a failed walk fails the stream, so no valid-looking broken zip.
 */
export function streamedArchive(
  walk: StreamedWalk,
  crcs: CrcCache,
  centralMemoryBytes = CENTRAL_MEMORY_BYTES,
): Readable {
  const stream = Readable.from(firstAtOnce(streamedBytes(walk, crcs, centralMemoryBytes)), {
    objectMode: false,
  });
  stream.once('close', walk.stop);
  return stream;
}

/** So the download starts at once, not after a chunk's worth of small files is opened. */
async function* firstAtOnce(bytes: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  try {
    const first = await bytes.next();
    if (first.done) return;
    yield first.value;
    yield* coalesce(bytes);
  } finally {
    await bytes.return(undefined);
  }
}

/** The archive's bytes; the central directory's temp file goes when they end, however. */
async function* streamedBytes(
  walk: StreamedWalk,
  crcs: CrcCache,
  centralMemoryBytes: number,
): AsyncGenerator<Buffer> {
  const central = new CentralRecords(centralMemoryBytes);
  try {
    yield* entriesAndDirectory(walk, crcs, central);
  } finally {
    await central.close();
  }
}

async function* entriesAndDirectory(
  walk: StreamedWalk,
  crcs: CrcCache,
  central: CentralRecords,
): AsyncGenerator<Buffer> {
  const failures: ZipFailure[] = [];
  let offset = 0;

  /** One entry's records and data; its central record is kept for the end. */
  async function* write(
    entry: ZipEntry,
    opening: Promise<OpenedObject> | null,
  ): AsyncGenerator<Buffer> {
    let crc = 0;
    if (opening) {
      const object = await opened(entry, opening, failures);
      if (!object) return;
      try {
        yield localHeader(entry);
        const read = yield* exactBytes(entry, chunksOf(object), failures);
        crc = read.crc;
        if (read.whole) crcs.set(entry, crc);
        yield dataDescriptor(entry, crc);
      } finally {
        // Stopped at the header (the client left): the file is open all the same.
        object.body.destroy();
      }
    } else yield localHeader(entry);
    await central.add(centralHeader(entry, offset, crc));
    offset += localHeaderLength(entry) + entry.size + descriptorLength(entry);
  }

  for await (const { entry, opening } of openedAhead(walkedEntries(walk))) {
    yield* write(entry, opening);
  }
  const listed = failuresEntry([...walk.failures(), ...failures]);
  if (listed) yield* write(listed, open(listed));
  const directory = { entries: central.entries, offset, size: central.size };
  yield* central.bytes();
  yield endRecords(directory);
}

/** The walk's files as found, then its folders dated by what they hold. */
async function* walkedEntries(walk: StreamedWalk): AsyncGenerator<ZipEntry> {
  const order = new FoldersLast();
  for await (const batch of walk.batches()) {
    for (const found of batch) {
      const file = order.take(found);
      if (file) yield zipEntryOf(file);
    }
  }
  for (const folder of order.heldFolders()) yield zipEntryOf(folder);
}

const hasData = (entry: ZipEntry) => entry.size > 0 && entry.origin !== null;
const pathOf = (entry: ZipEntry) => (entry.origin as ZipOrigin).pathOf(entry.key);

function open(entry: ZipEntry): Promise<OpenedObject> {
  const opening = (entry.origin as ZipOrigin).open(entry.key, { start: 0, end: entry.size - 1 });
  // Awaited in turn; until then a failure must not count as unhandled.
  opening.catch(() => {});
  return opening;
}

/** Small files open up to OPEN_AHEAD ahead; what is unwritten is closed on an early stop. */
async function* openedAhead(
  entries: AsyncGenerator<ZipEntry>,
): AsyncGenerator<{ entry: ZipEntry; opening: Promise<OpenedObject> | null }> {
  const ahead: { entry: ZipEntry; opening: Promise<OpenedObject> | null; deferred: boolean }[] = [];
  let exhausted = false;
  const opening = () => ahead.filter((step) => step.opening).length;
  const fill = async () => {
    while (
      !exhausted &&
      opening() < OPEN_AHEAD &&
      ahead.length < STEPS_AHEAD &&
      !ahead.some((step) => step.deferred)
    ) {
      const next = await entries.next();
      if (next.done) exhausted = true;
      else {
        const entry = next.value;
        const small = hasData(entry) && entry.size <= OPEN_AHEAD_MAX_BYTES;
        const deferred = hasData(entry) && !small;
        ahead.push({ entry, opening: small ? open(entry) : null, deferred });
      }
    }
  };
  try {
    for (await fill(); ahead.length > 0; await fill()) {
      const step = ahead.shift() as (typeof ahead)[number];
      yield { entry: step.entry, opening: step.deferred ? open(step.entry) : step.opening };
    }
  } finally {
    await entries.return(undefined);
    for (const step of ahead)
      step.opening?.then(
        ({ body }) => body.destroy(),
        () => {},
      );
  }
}

/** The opened data of `entry`, or null (and a failure noted) when it cannot be written. */
async function opened(
  entry: ZipEntry,
  opening: Promise<OpenedObject>,
  failures: ZipFailure[],
): Promise<OpenedObject | null> {
  try {
    const object = await opening;
    if (object.size === entry.size) return object;
    object.body.destroy();
    failures.push({
      path: pathOf(entry),
      reason: `it changed since it was listed (${object.size} bytes, not ${entry.size})`,
    });
  } catch (error) {
    failures.push({ path: pathOf(entry), reason: (error as Error).message });
  }
  return null;
}

/** Cut or zero-filled to `entry.size` so every later offset holds. */
async function* exactBytes(
  entry: ZipEntry,
  chunks: Iterable<Buffer> | AsyncIterable<Buffer>,
  failures: ZipFailure[],
): AsyncGenerator<Buffer, { crc: number; whole: boolean }> {
  let crc = 0;
  let at = 0;
  let problem: string | null = null;
  try {
    for await (const chunk of chunks) {
      const part = chunk.subarray(0, entry.size - at);
      crc = crc32(part, crc);
      at += part.length;
      if (part.length > 0) yield part;
      if (part.length < chunk.length) {
        problem = 'it grew while being read';
        break;
      }
    }
  } catch (error) {
    problem = (error as Error).message;
  }
  if (at < entry.size) problem ??= 'it shrank while being read';
  if (problem) {
    const kept = at < entry.size ? `${at} bytes, then zeros` : `its first ${at} bytes`;
    failures.push({ path: pathOf(entry), reason: `${problem}; its copy here holds ${kept}` });
  }
  for (; at < entry.size; at += CHUNK_BYTES) {
    const zeros = ZEROS.subarray(0, Math.min(CHUNK_BYTES, entry.size - at));
    crc = crc32(zeros, crc);
    yield zeros;
  }
  return { crc, whole: problem === null };
}
