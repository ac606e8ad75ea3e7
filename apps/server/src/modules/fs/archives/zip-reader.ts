import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';

/** Bytes `start` to `end` (exclusive) of the archive, from wherever it is stored. */
export type RangeReader = (start: number, end: number) => Promise<Readable>;

/**
 * A zip opened by its central directory, read in ranges: a zip on S3 is listed with a few
 * ranged GETs of its end, never downloaded whole.
 */
export function openZip(size: number, readRange: RangeReader): Promise<yauzl.ZipFile> {
  class StorageReader extends yauzl.RandomAccessReader {
    override _readStreamForRange(start: number, end: number): Readable {
      const out = new PassThrough();
      readRange(start, end).then(
        (source) => {
          source.on('error', (error) => out.destroy(error));
          source.pipe(out);
        },
        (error: Error) => out.destroy(error),
      );
      return out;
    }
  }
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      new StorageReader(),
      size,
      // Names are decoded here without yauzl's check, which fails the whole zip on one `../` name:
      // such a name is listed, marked unsafe, and never extracted.
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

/** Each entry in turn (`lazyEntries`): `visit` answers false to stop early. */
export function eachZipEntry(
  zip: yauzl.ZipFile,
  visit: (entry: yauzl.Entry) => boolean | Promise<boolean>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      Promise.resolve(visit(entry)).then((more) => (more ? zip.readEntry() : resolve()), reject);
    });
    zip.readEntry();
  });
}

/** One entry's bytes, inflated and checked against its declared size. */
export function zipEntryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    );
  });
}

/** An entry's name as stored (UTF-8 when its flag says so, else CP437), not checked. */
export const entryName = (entry: yauzl.Entry): string =>
  yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileNameRaw,
    entry.extraFields,
    false,
  );
