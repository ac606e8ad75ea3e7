import { versionOf, type ZipEntry } from './zip-layout';

/** Files smaller than this are cheap to read again; caching them would only take memory. */
const SMALLEST_CACHED_BYTES = 1024 * 1024;

/**
 * CRC-32s of large files, computed while an archive streamed, so that resuming it does not read
 * again everything it skips. Kept in this process only and bounded (least recently used go
 * first): it is a shortcut, never a source of truth. A resume on another instance, or after
 * eviction, reads the skipped bytes instead and gets the same CRC. Keys name the object's
 * version (storage, key, size, date), so a changed file is never given an old CRC.
 */
export function createCrcCache({ maxEntries = 10_000 }: { maxEntries?: number } = {}) {
  const crcs = new Map<string, number>();
  return {
    /** Small files are not looked up: their version is not even named (a string each). */
    get(entry: ZipEntry): number | undefined {
      if (entry.size < SMALLEST_CACHED_BYTES) return undefined;
      const key = versionOf(entry);
      const crc = crcs.get(key);
      if (crc !== undefined) {
        crcs.delete(key);
        crcs.set(key, crc);
      }
      return crc;
    },
    set(entry: ZipEntry, crc: number): void {
      if (entry.size < SMALLEST_CACHED_BYTES) return;
      const key = versionOf(entry);
      crcs.delete(key);
      crcs.set(key, crc);
      if (crcs.size > maxEntries) crcs.delete(crcs.keys().next().value as string);
    },
  };
}

export type CrcCache = ReturnType<typeof createCrcCache>;
