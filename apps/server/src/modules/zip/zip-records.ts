/**
 * PKWARE APPNOTE.TXT 6.3.x, stored entries. No length depends on the CRC, so the archive's size
 * and any byte range of it are computable up front.
 */

/** Any 4-byte field at or above this is written as 0xFFFFFFFF and carried in a Zip64 extra. */
export const ZIP32_LIMIT = 0xffffffff;
/** The end-of-central-directory record counts entries in 2 bytes; 0xFFFF means "see Zip64". */
export const ZIP32_MAX_ENTRIES = 0xfffe;

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const DATA_DESCRIPTOR_SIGNATURE = 0x08074b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const END_SIGNATURE = 0x06054b50;
const ZIP64_EXTRA_TAG = 0x0001;

const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_UTF8_NAME = 0x0800;
/** 2.0: folders and plain stored files; 4.5: Zip64 (APPNOTE 4.4.3.2). */
const VERSION_BASIC = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix (3), so readers take the mode from the upper half of the external attributes. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** Unix folder mode, plus the MS-DOS directory bit for readers that only look there. */
const FOLDER_ATTRIBUTES = ((0o040755 << 16) | 0x10) >>> 0;

const LOCAL_HEADER_FIXED = 30;
const CENTRAL_HEADER_FIXED = 46;
const ZIP64_END_LENGTH = 56;
const ZIP64_LOCATOR_LENGTH = 20;
const END_LENGTH = 22;

export interface ZipRecordEntry {
  /** Folders end with `/`; written in UTF-8. */
  name: string;
  /** Bytes of the name in UTF-8 (Buffer.byteLength), counted once. */
  nameLength: number;
  isDirectory: boolean;
  size: number;
  /** DOS date (high 16 bits) and time (low 16 bits). */
  dosDateTime: number;
}

/** The header goes out before the data is read; empty files and folders have a known CRC 0. */
export const hasDescriptor = (entry: ZipRecordEntry) => !entry.isDirectory && entry.size > 0;

/** The local Zip64 extra also tells readers the descriptor has 8-byte sizes (APPNOTE 4.3.9.2). */
const needsZip64Sizes = (entry: ZipRecordEntry) => entry.size >= ZIP32_LIMIT;

export const localHeaderLength = (entry: ZipRecordEntry) =>
  LOCAL_HEADER_FIXED + entry.nameLength + (needsZip64Sizes(entry) ? 20 : 0);

export const descriptorLength = (entry: ZipRecordEntry) =>
  hasDescriptor(entry) ? (needsZip64Sizes(entry) ? 24 : 16) : 0;

/** The values of the central record's Zip64 extra: those too large for their 4-byte field. */
function centralZip64Values(entry: ZipRecordEntry, offset: number): number[] {
  const values = needsZip64Sizes(entry) ? [entry.size, entry.size] : [];
  if (offset >= ZIP32_LIMIT) values.push(offset);
  return values;
}

export const centralHeaderLength = (entry: ZipRecordEntry, offset: number) => {
  const values = centralZip64Values(entry, offset).length;
  return CENTRAL_HEADER_FIXED + entry.nameLength + (values > 0 ? 4 + 8 * values : 0);
};

const flagsOf = (entry: ZipRecordEntry) =>
  FLAG_UTF8_NAME | (hasDescriptor(entry) ? FLAG_DATA_DESCRIPTOR : 0);

const versionOf = (zip64: boolean) => (zip64 ? VERSION_ZIP64 : VERSION_BASIC);

class RecordWriter {
  readonly buffer: Buffer;
  private at = 0;
  constructor(length: number) {
    this.buffer = Buffer.alloc(length);
  }
  u16(value: number) {
    this.at = this.buffer.writeUInt16LE(value, this.at);
    return this;
  }
  u32(value: number) {
    this.at = this.buffer.writeUInt32LE(value >>> 0, this.at);
    return this;
  }
  u64(value: number) {
    this.at = this.buffer.writeBigUInt64LE(BigInt(value), this.at);
    return this;
  }
  /** A 4-byte field, or its Zip64 placeholder when the value does not fit. */
  u32OrMarker(value: number) {
    return this.u32(value >= ZIP32_LIMIT ? ZIP32_LIMIT : value);
  }
  text(value: string) {
    this.at += this.buffer.write(value, this.at, 'utf8');
    return this;
  }
}

export function localHeader(entry: ZipRecordEntry): Buffer {
  const zip64 = needsZip64Sizes(entry);
  const writer = new RecordWriter(localHeaderLength(entry))
    .u32(LOCAL_HEADER_SIGNATURE)
    .u16(versionOf(zip64))
    .u16(flagsOf(entry))
    .u16(0) // stored
    .u32(entry.dosDateTime)
    // With a data descriptor the CRC and sizes here are zero (APPNOTE 4.4.4); the Zip64 extra
    // then carries zero sizes too, but its presence fixes the descriptor's 8-byte form.
    .u32(0)
    .u32(zip64 ? ZIP32_LIMIT : 0)
    .u32(zip64 ? ZIP32_LIMIT : 0)
    .u16(entry.nameLength)
    .u16(zip64 ? 20 : 0)
    .text(entry.name);
  if (zip64) writer.u16(ZIP64_EXTRA_TAG).u16(16).u64(0).u64(0);
  return writer.buffer;
}

export function dataDescriptor(entry: ZipRecordEntry, crc: number): Buffer {
  const writer = new RecordWriter(descriptorLength(entry)).u32(DATA_DESCRIPTOR_SIGNATURE).u32(crc);
  return needsZip64Sizes(entry)
    ? writer.u64(entry.size).u64(entry.size).buffer
    : writer.u32(entry.size).u32(entry.size).buffer;
}

export function centralHeader(entry: ZipRecordEntry, offset: number, crc: number): Buffer {
  const zip64Values = centralZip64Values(entry, offset);
  const writer = new RecordWriter(centralHeaderLength(entry, offset))
    .u32(CENTRAL_HEADER_SIGNATURE)
    .u16(MADE_BY)
    .u16(versionOf(zip64Values.length > 0))
    .u16(flagsOf(entry))
    .u16(0)
    .u32(entry.dosDateTime)
    .u32(crc)
    .u32OrMarker(entry.size)
    .u32OrMarker(entry.size)
    .u16(entry.nameLength)
    .u16(zip64Values.length > 0 ? 4 + 8 * zip64Values.length : 0)
    .u16(0) // comment length
    .u16(0) // disk number
    .u16(0) // internal attributes
    .u32(entry.isDirectory ? FOLDER_ATTRIBUTES : FILE_ATTRIBUTES)
    .u32OrMarker(offset)
    .text(entry.name);
  if (zip64Values.length > 0) {
    writer.u16(ZIP64_EXTRA_TAG).u16(8 * zip64Values.length);
    for (const value of zip64Values) writer.u64(value);
  }
  return writer.buffer;
}

export interface CentralDirectory {
  entries: number;
  offset: number;
  size: number;
}

const needsZip64End = ({ entries, offset, size }: CentralDirectory) =>
  entries > ZIP32_MAX_ENTRIES || offset >= ZIP32_LIMIT || size >= ZIP32_LIMIT;

export const endLength = (directory: CentralDirectory) =>
  END_LENGTH + (needsZip64End(directory) ? ZIP64_END_LENGTH + ZIP64_LOCATOR_LENGTH : 0);

/** The end of the archive: Zip64 end record and locator when needed, then the classic end. */
export function endRecords(directory: CentralDirectory): Buffer {
  const writer = new RecordWriter(endLength(directory));
  const zip64 = needsZip64End(directory);
  if (zip64) {
    const zip64EndOffset = directory.offset + directory.size;
    writer
      .u32(ZIP64_END_SIGNATURE)
      .u64(ZIP64_END_LENGTH - 12) // size of the rest of this record
      .u16(MADE_BY)
      .u16(VERSION_ZIP64)
      .u32(0) // this disk
      .u32(0) // disk with the central directory
      .u64(directory.entries)
      .u64(directory.entries)
      .u64(directory.size)
      .u64(directory.offset)
      .u32(ZIP64_LOCATOR_SIGNATURE)
      .u32(0)
      .u64(zip64EndOffset)
      .u32(1); // total disks
  }
  const count = zip64 ? 0xffff : directory.entries;
  return writer
    .u32(END_SIGNATURE)
    .u16(0)
    .u16(0)
    .u16(count)
    .u16(count)
    .u32OrMarker(directory.size)
    .u32OrMarker(directory.offset)
    .u16(0).buffer;
}

/** APPNOTE 4.4.6, in UTC so every instance writes the same bytes; pre-1980 becomes 1980-01-01. */
export function dosDateTime(ms: number | null): number {
  const date = new Date(ms ?? 0);
  if (ms === null || date.getUTCFullYear() < 1980) return (((1 << 5) | 1) << 16) >>> 0;
  const day =
    ((Math.min(date.getUTCFullYear(), 2107) - 1980) << 9) |
    ((date.getUTCMonth() + 1) << 5) |
    date.getUTCDate();
  const time =
    (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  return ((day << 16) | time) >>> 0;
}
