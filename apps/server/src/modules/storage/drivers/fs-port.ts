import { assertValidKey, listLimit } from './driver-arguments';
import type {
  DirectoryPage,
  FsEntry,
  ListOptions,
  ListResult,
  ObjectInfo,
  StorageDriver,
} from './storage-driver';
import { FsConflictError, InvalidKeyError, ObjectNotFoundError } from './storage-driver.errors';

/** Port rules shared by every driver, built on each driver's `head`, `list` and `stat`. */

/** A folder key: any valid key, or `''` for the root. */
export function assertFolderKey(key: string): void {
  if (key !== '') assertValidKey(key);
}

export const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

/** `a/b/c` → `['a', 'a/b']`: every folder above the key, outermost first. */
export function ancestorsOf(key: string): string[] {
  const segments = key.split('/');
  return segments.slice(1).map((_, index) => segments.slice(0, index + 1).join('/'));
}

/** What a driver knows of a folder's dates (local folders; S3 folders have none). */
export interface FolderDates {
  lastModified: Date;
  created: Date;
}

export const folderEntry = (key: string, dates?: FolderDates): FsEntry => ({
  key,
  name: nameOf(key),
  isDirectory: true,
  size: 0,
  etag: null,
  lastModified: dates?.lastModified ?? null,
  created: dates?.created,
  contentType: null,
});

/** A page of `list`, with the dates of its folders (by prefix) where the driver has them. */
export type DatedListResult = ListResult & { folderDates?: ReadonlyMap<string, FolderDates> };

/** Not `{ ...info }`: on Node 20 even brief spread copies land in the old generation. */
export const fileEntry = (info: ObjectInfo): FsEntry => ({
  key: info.key,
  name: nameOf(info.key),
  isDirectory: false,
  size: info.size,
  etag: info.etag,
  lastModified: info.lastModified,
  contentType: info.contentType,
});

/** In UTF-8 byte order, surrogates sort after U+E000–U+FFFF. */
const utf8Rank = (unit: number) =>
  unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800;

/**
 * S3's UTF-8 byte order (differs from JS past U+FFFF), per code unit: Buffers were most of a
 * listing's garbage.
 */
export function compareKeys(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return utf8Rank(x) - utf8Rank(y);
  }
  return a.length - b.length;
}

/** No file may sit where a folder above `key` would be (local cannot hold both). */
export async function assertNoFileAbove(driver: StorageDriver, key: string): Promise<void> {
  for (const ancestor of ancestorsOf(key)) {
    if (await driver.head(ancestor)) throw new FsConflictError(key, 'parent_is_file');
  }
}

/** `mkdir`'s refusals, before the driver makes anything. */
export async function assertCanMakeFolder(driver: StorageDriver, key: string): Promise<void> {
  assertValidKey(key);
  if (await driver.head(key)) throw new FsConflictError(key, 'file_exists');
  await assertNoFileAbove(driver, key);
}

/** Nothing is overwritten: a caller that means to replace removes the target first. */
export async function assertCanTransfer(
  driver: StorageDriver,
  sourceKey: string,
  targetKey: string,
): Promise<FsEntry> {
  assertValidKey(sourceKey);
  assertValidKey(targetKey);
  const source = await driver.stat(sourceKey);
  if (!source) throw new ObjectNotFoundError(sourceKey);
  if (source.isDirectory && (targetKey === sourceKey || targetKey.startsWith(`${sourceKey}/`))) {
    throw new FsConflictError(targetKey, 'into_itself');
  }
  if (await driver.stat(targetKey)) throw new FsConflictError(targetKey, 'target_exists');
  await assertNoFileAbove(driver, targetKey);
  return source;
}

/** `deletePrefix` never takes the whole storage (or the whole of a view) at once. */
export function assertDeletableFolder(key: string): void {
  if (key === '') throw new InvalidKeyError(key, 'empty');
  assertValidKey(key);
}

/** An empty first page of a missing folder (or a file) is an error, not an empty folder. */
export async function listDirectoryVia(
  driver: StorageDriver,
  key: string,
  { cursor, limit }: { cursor?: string; limit?: number } = {},
  list: (prefix: string, options: ListOptions) => Promise<DatedListResult> = (prefix, options) =>
    driver.list(prefix, options),
): Promise<DirectoryPage> {
  assertFolderKey(key);
  const prefix = key === '' ? '' : `${key}/`;
  const page = await list(prefix, { delimiter: true, cursor, limit: listLimit(limit) });
  const sorted = [
    ...page.prefixes.map((folder) => ({
      sortKey: folder,
      entry: folderEntry(folder.slice(0, -1), page.folderDates?.get(folder)),
    })),
    ...page.objects
      .filter((object) => object.key !== prefix && !object.key.endsWith('/'))
      .map((object) => ({ sortKey: object.key, entry: fileEntry(object) })),
  ].sort((a, b) => compareKeys(a.sortKey, b.sortKey));
  if (sorted.length === 0 && cursor === undefined && key !== '') {
    const self = await driver.stat(key);
    if (!self) throw new ObjectNotFoundError(key);
    if (!self.isDirectory) throw new FsConflictError(key, 'not_a_directory');
  }
  return { entries: sorted.map(({ entry }) => entry), nextCursor: page.nextCursor };
}
