import { Readable } from 'node:stream';
import { ERROR_CODES, isPathWithin, type Principal } from '@sharebin/shared';
import { AppError } from '../../app/errors';
import { fsNotFound } from '../fs/fs.errors';
import { childPath, nameOfPath, parentPath } from '../fs/fs-entries.models';
import type { FsLocation, FsLocator, MountLocation } from '../fs/fs-locator.usecases';
import { folderChildren } from '../fs/transfers/fs-walk.usecases';
import type { FsEntry } from '../storage/drivers/storage-driver';
import { zipTooManyEntries } from './zip.errors';
import type { ZipEntry, ZipOrigin } from './zip-layout';
import { dosDateTime } from './zip-records';

/** Metadata of this many entries takes some tens of MB; beyond it an archive is refused. */
export const ZIP_MAX_ENTRIES = 1_000_000;
/** Inside the archive: what could not be included, and why. */
export const FAILURES_FILE_NAME = '_failed-files.txt';

export interface ZipPlan {
  entries: ZipEntry[];
  fileName: string;
}

/** Paths once each, without those inside another path asked for, in byte order. */
export function distinctRoots(paths: string[]): string[] {
  const unique = [...new Set(paths)].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  return unique.filter(
    (path) => !unique.some((other) => other !== path && isPathWithin(other, path)),
  );
}

/** The deepest folder holding every path: archive names are relative to it. */
export function commonFolder(paths: string[]): string {
  const [first = [], ...rest] = paths.map((path) => parentPath(path).split('/').filter(Boolean));
  let common = first;
  for (const segments of rest) {
    let same = 0;
    while (same < common.length && common[same] === segments[same]) same++;
    common = common.slice(0, same);
  }
  return `/${common.join('/')}`;
}

/** Read as the walk goes, so a caller may slow it: every listed entry lives until taken. */
export interface WalkPace {
  listings: number;
}

/**
 * Only for `networkListings`; local lists one folder at a time, since eight waiting pages let
 * entries outlive V8's young generation (~30 MB more at a 100,000-file plan; bench/RESULTS.md).
 */
export const PLANNING_PACE: Readonly<WalkPace> = { listings: 8 };

/** The objects of a mount's storage, seen from the mount folder at `location`. */
export function mountOrigin(location: MountLocation): ZipOrigin {
  const keyPrefix = location.key === '' ? 0 : location.key.length + 1;
  return {
    async open(key, range) {
      const { body, bytes, info } = await location.storage.get(key, { range });
      return { body, bytes, size: info.size };
    },
    versionOf: (key, size, modifiedAt) =>
      [location.mount.storage_config_id, key, size, modifiedAt].join('\n'),
    pathOf: (key) =>
      key === location.key ? location.path : childPath(location.path, key.slice(keyPrefix)),
  };
}

function bytesOrigin(bytes: Buffer): ZipOrigin {
  return {
    open: async (_key, range) => ({
      body: Readable.from([bytes.subarray(range.start, range.end + 1)]),
      size: bytes.length,
    }),
    versionOf: () => bytes.toString('base64'),
    pathOf: () => FAILURES_FILE_NAME,
  };
}

/** `found` is awaited, so a planner writing to the database slows the walk to its pace. */
async function walkFolder(
  storage: MountLocation['storage'],
  key: string,
  pace: Readonly<WalkPace>,
  found: (key: string, entry: FsEntry) => Promise<void>,
): Promise<void> {
  const pending = [key];
  const listAll = async (folder: string) => {
    for await (const { key: childKey, entry } of folderChildren(storage, folder)) {
      if (entry.isDirectory) pending.push(childKey);
      await found(childKey, entry);
    }
  };
  await new Promise<void>((resolve, reject) => {
    let listing = 0;
    let failed = false;
    const next = () => {
      const atOnce = storage.capabilities.networkListings ? pace.listings : 1;
      while (!failed && listing < atOnce && pending.length > 0) {
        listing++;
        listAll(pending.pop() as string).then(
          () => {
            listing--;
            if (listing === 0 && pending.length === 0) resolve();
            else next();
          },
          (error: unknown) => {
            failed = true;
            reject(error);
          },
        );
      }
    };
    next();
  });
}

type FileDetails = Pick<FoundEntry, 'size' | 'modifiedAt' | 'key'> & { origin: ZipOrigin };

/** One entry found by `walkArchive`: its name in the archive and where its bytes are. */
export interface FoundEntry {
  name: string;
  isDirectory: boolean;
  size: number;
  modifiedAt: number | null;
  /** Null for folders. */
  origin: ZipOrigin | null;
  /** The virtual path of the location walked, which `origin` reads from. */
  originPath: string;
  key: string;
}

/**
 * One path outside the key's base path refuses the whole archive (403); other failures go to
 * `failures`, an error only when nothing was found. Nested mounts are not followed.
 */
export async function walkArchive(
  {
    locator,
    principal,
    paths,
    signal,
    maxEntries = ZIP_MAX_ENTRIES,
    pace = PLANNING_PACE,
  }: {
    locator: FsLocator;
    principal: Principal;
    paths: string[];
    signal?: AbortSignal;
    /** Past this many entries the walk throws zipTooManyEntries. */
    maxEntries?: number;
    pace?: Readonly<WalkPace>;
  },
  found: (entry: FoundEntry) => Promise<void> | void,
): Promise<{ failures: ZipFailure[] }> {
  const roots = distinctRoots(paths);
  const base = commonFolder(roots);
  const nameOf = (path: string) => (base === '/' ? path.slice(1) : path.slice(base.length + 1));
  const failures: ZipFailure[] = [];
  let count = 0;

  /** Field by field, not spread: see `zipEntryOf`. */
  const add = async (path: string, originPath: string, file: FileDetails | null) => {
    const relative = nameOf(path);
    if (relative === '') return;
    if (++count > maxEntries) throw zipTooManyEntries(maxEntries);
    await found({
      name: file ? relative : `${relative}/`,
      isDirectory: !file,
      size: file?.size ?? 0,
      modifiedAt: file?.modifiedAt ?? null,
      origin: file?.origin ?? null,
      originPath,
      key: file?.key ?? '',
    });
  };

  async function addMountFolder(location: MountLocation) {
    const originPath = location.path;
    await add(location.path, originPath, null);
    const origin = mountOrigin(location);
    await walkFolder(location.storage, location.key, pace, async (key, entry) => {
      const path = origin.pathOf(key);
      if (entry.isDirectory) return add(path, originPath, null);
      const modifiedAt = entry.lastModified?.getTime() ?? null;
      await add(path, originPath, { size: entry.size, modifiedAt, origin, key });
    });
  }

  async function addLocation(location: FsLocation): Promise<void> {
    if (location.kind === 'virtual') {
      await add(location.path, location.path, null);
      for (const child of location.children) {
        // A key sees the branch above its base path; mounts on it outside the base are skipped.
        const inside = await locator.read(principal, child.path).catch(skipForbidden);
        if (inside) await addLocation(inside);
      }
      return;
    }
    if (location.key === '') return addMountFolder(location);
    const entry = await location.storage.stat(location.key);
    if (!entry) throw fsNotFound(location.path);
    if (entry.isDirectory) return addMountFolder(location);
    await add(location.path, location.path, {
      size: entry.size,
      modifiedAt: entry.lastModified?.getTime() ?? null,
      origin: mountOrigin(location),
      key: location.key,
    });
  }

  // Permission first, for every path, before anything is read.
  const located = await Promise.all(
    roots.map((path) =>
      locator.read(principal, path).catch((error: unknown) => keepNotFound(error, path)),
    ),
  );
  for (const [index, location] of located.entries()) {
    const path = roots[index] as string;
    try {
      if (location instanceof Error) throw location;
      await addLocation(location);
    } catch (error) {
      if (error instanceof AppError && error.code === ERROR_CODES.zipTooManyEntries) throw error;
      // A job stopped (cancelled, its lease lost) is not a failure of the path being walked.
      if (signal?.aborted) throw error;
      failures.push({ path, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  if (count === 0 && failures.length > 0) throw fsNotFound(roots[0] as string);
  return { failures };
}

/** A path asked for that could not be included, and why. */
export interface ZipFailure {
  path: string;
  reason: string;
}

const failuresText = (failures: ZipFailure[]) =>
  Buffer.from(
    `These could not be included in the archive:\n${failures.map(({ path, reason }) => `${path}: ${reason}\n`).join('')}`,
  );

/** The entry listing what could not be included; null when all was. */
export function failuresEntry(failures: ZipFailure[]): ZipEntry | null {
  if (failures.length === 0) return null;
  const bytes = failuresText(failures);
  return {
    name: FAILURES_FILE_NAME,
    nameLength: Buffer.byteLength(FAILURES_FILE_NAME),
    isDirectory: false,
    dosDateTime: 0,
    size: bytes.length,
    modifiedAt: null,
    origin: bytesOrigin(bytes),
    key: '',
  };
}

/** Field by field: one object per entry, where a rest-and-spread copy made two. */
export const zipEntryOf = (found: FoundEntry): ZipEntry => ({
  name: found.name,
  nameLength: Buffer.byteLength(found.name),
  isDirectory: found.isDirectory,
  size: found.size,
  dosDateTime: dosDateTime(found.modifiedAt),
  modifiedAt: found.modifiedAt,
  origin: found.origin,
  key: found.key,
});

/** Sorted by name so the archive is the same on every request, which ranges need. */
export function planOf(found: FoundEntry[], failures: ZipFailure[], fileName: string): ZipPlan {
  const folders = new FolderDates();
  for (const { name, modifiedAt } of found) folders.see(name, modifiedAt);
  const entries = found.map(zipEntryOf);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.isDirectory) entry.dosDateTime = dosDateTime(folders.dateOf(entry.name));
  }
  const failed = failuresEntry(failures);
  if (failed) entries.push(failed);
  return { entries, fileName };
}

function keepNotFound(error: unknown, path: string): Error {
  if (error instanceof AppError && error.status === 404) return error;
  if (error instanceof AppError || !(error instanceof Error)) throw error;
  return new Error(`${path} could not be read: ${error.message}`);
}

/** Lets only a refusal through: a path that is gone is the plan's to report, not the caller's. */
export function unlessForbidden(error: unknown): void {
  if (error instanceof AppError && error.status === 403) throw error;
}

function skipForbidden(error: unknown): null {
  if (error instanceof AppError && error.code === ERROR_CODES.fsPathForbidden) return null;
  throw error;
}

/** Folders carry no date in storage: each takes the newest below it (one date per folder). */
export class FolderDates {
  private readonly newest = new Map<string, number>();

  see(name: string, modifiedAt: number | null) {
    if (modifiedAt === null) return;
    for (
      let cut = name.lastIndexOf('/', name.length - 2);
      cut > 0;
      cut = name.lastIndexOf('/', cut - 1)
    ) {
      const folder = name.slice(0, cut + 1);
      if ((this.newest.get(folder) ?? 0) < modifiedAt) this.newest.set(folder, modifiedAt);
    }
  }

  dateOf = (folderName: string) => this.newest.get(folderName) ?? null;
}

/** Folders go last: their date (the newest file below) is known only once the walk is done. */
export class FoldersLast {
  private readonly dates = new FolderDates();
  private readonly folders: FoundEntry[] = [];

  /** The entry to place now: a file; a folder is held back (null) for `heldFolders`. */
  take(found: FoundEntry): FoundEntry | null {
    this.dates.see(found.name, found.modifiedAt);
    if (!found.isDirectory) return found;
    this.folders.push(found);
    return null;
  }

  *heldFolders(): Generator<FoundEntry> {
    for (const folder of this.folders) {
      yield { ...folder, modifiedAt: this.dates.dateOf(folder.name) };
    }
  }
}

/** The archive's file name, known from the paths alone (before anything is walked). */
export function archiveFileName(paths: string[]): string {
  const roots = distinctRoots(paths);
  const base = commonFolder(roots);
  const [only] = roots;
  if (roots.length === 1 && only && only !== '/') return `${nameOfPath(only)}.zip`;
  return base === '/' ? 'sharebin.zip' : `${nameOfPath(base)}.zip`;
}
