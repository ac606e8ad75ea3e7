import type { FsEntry } from '@sharebin/shared';
import type { DeadProperty, PropertyChange } from './dav-properties.repository';
import { type PropertyName, propertyKey } from './dav-xml';

/**
 * `X-OC-Mtime` (the ownCloud extension rclone and desktop sync clients send with a PUT): the
 * file's modification time on the client, in Unix seconds. No storage lets us set a time
 * (S3 stamps its own), so the time is kept beside the file as a reserved property, bound to the
 * ETag the PUT produced: once the bytes change by any other path, the storage's time shows
 * again. One mechanism for every driver, stored in the database like other properties, so
 * every instance answers the same and COPY, MOVE and DELETE carry it along.
 */
const MTIME_PROPERTY: PropertyName = { ns: 'urn:sharebin:dav', name: 'mtime' };
const MTIME_KEY = propertyKey(MTIME_PROPERTY);

/** Reserved properties are ours: never listed, never set or removed by PROPPATCH. */
export const isReservedProperty = (property: PropertyName) => property.ns === MTIME_PROPERTY.ns;

/** The header's time, or null when absent or not a plausible Unix time (then it is ignored). */
export function parseOcMtime(header: string | null): Date | null {
  if (header === null || !/^\d{1,12}(\.\d+)?$/.test(header.trim())) return null;
  const seconds = Math.floor(Number(header.trim()));
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The change a PUT with a client's time makes: that time, bound to the new ETag. */
export function mtimeChange(mtime: Date, etag: string): PropertyChange {
  return { ...MTIME_PROPERTY, value: `${mtime.toISOString()} ${etag}` };
}

/**
 * The entry as WebDAV shows it: with the client's time when one is kept for its current ETag,
 * and without the reserved properties among its dead ones.
 */
export function withKeptMtime(
  entry: FsEntry,
  dead: DeadProperty[],
): { entry: FsEntry; dead: DeadProperty[] } {
  const kept = dead.find((property) => propertyKey(property) === MTIME_KEY);
  if (!kept) return { entry, dead };
  const visible = dead.filter((property) => !isReservedProperty(property));
  const [time, etag] = kept.value.split(' ');
  if (!time || etag !== entry.etag) return { entry, dead: visible };
  return { entry: { ...entry, modified: time }, dead: visible };
}
