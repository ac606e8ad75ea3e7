import {
  normalizePath,
  PathError,
  SEARCH_MAX_LIMIT,
  SEARCH_MIN_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  searchQueryLength,
} from '@sharebin/shared';
import {
  indexPathInvalid,
  searchInvalidPaging,
  searchInvalidScope,
  searchQueryTooLong,
  searchQueryTooShort,
} from './search.errors';

/** A file or folder of a mount, as a write or a listing reports it. */
export interface IndexEntry {
  /** Path within the mount: `/a/b.txt`. */
  path: string;
  isDirectory: boolean;
  size: number | null;
  /** Epoch milliseconds. */
  modifiedAt: number | null;
}

/** One child of a listed folder. */
export type FolderChild = Omit<IndexEntry, 'path'> & { name: string };

/** Part of the tree the caller may see: a mount, or one folder of it and everything below. */
export interface VisibleScope {
  mountId: string;
  pathPrefix: string;
  /** Folders of the mount left out with everything below them (a nested mount shadows them). */
  shadowed?: string[];
}

export interface SearchParams {
  q: string;
  scopes: VisibleScope[];
  limit: number;
  offset: number;
}

export interface SearchHit extends IndexEntry {
  mountId: string;
  name: string;
}

/** What queries compare: the name lower-cased alike on both engines (SQL `lower` is ASCII-only on SQLite). */
export const foldName = (name: string) => name.toLowerCase();

/**
 * Queries of this many characters or more are served by the trigram index; shorter ones
 * (two characters, SPEC §5 allows them) have no trigram and scan the names instead.
 */
export const TRIGRAM_LENGTH = 3;

/** A folder path within a mount, the root included. */
export function folderPath(path: string): string {
  try {
    return normalizePath(path);
  } catch (error) {
    if (error instanceof PathError) throw indexPathInvalid(error.message);
    throw error;
  }
}

/** The normalised path of an entry within a mount; the mount's root is not an entry. */
export function entryPath(path: string): string {
  const normalised = folderPath(path);
  if (normalised === '/') throw indexPathInvalid('the root of a mount is not an entry');
  return normalised;
}

export function splitPath(path: string): { parentPath: string; name: string } {
  const slash = path.lastIndexOf('/');
  return { parentPath: slash === 0 ? '/' : path.slice(0, slash), name: path.slice(slash + 1) };
}

/** `/a/b/c.txt` → `/a`, `/a/b`: folders that must exist for the path to exist. */
export function ancestorsOf(path: string): string[] {
  const ancestors: string[] = [];
  for (let slash = path.indexOf('/', 1); slash !== -1; slash = path.indexOf('/', slash + 1)) {
    ancestors.push(path.slice(0, slash));
  }
  return ancestors;
}

/** Folder entries for `paths`, details unknown. */
export const folders = (paths: string[]): IndexEntry[] =>
  paths.map((path) => ({ path, isDirectory: true, size: null, modifiedAt: null }));

/** Whether `path` is `root` or lies below it (whole segments). */
export const isWithin = (root: string, path: string) =>
  root === '/' || path === root || path.startsWith(`${root}/`);

/** A child's path from its folder and name; the name must be one segment. */
export function childPath(folder: string, name: string): string {
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) {
    throw indexPathInvalid(`"${name}" is not a file or folder name`);
  }
  return folder === '/' ? `/${name}` : `${folder}/${name}`;
}

/** Checks a search the way every transport needs it; answers it with the query trimmed. */
export function validateSearch(params: SearchParams): SearchParams {
  const q = params.q.trim();
  const length = searchQueryLength(q);
  if (length < SEARCH_MIN_LENGTH) throw searchQueryTooShort();
  if (length > SEARCH_QUERY_MAX_LENGTH) throw searchQueryTooLong();
  const { limit, offset } = params;
  if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_MAX_LIMIT)
    throw searchInvalidPaging();
  if (!Number.isSafeInteger(offset) || offset < 0) throw searchInvalidPaging();
  const scopes = params.scopes.map((scope) => {
    if (typeof scope.mountId !== 'string' || scope.mountId === '')
      throw searchInvalidScope('a scope needs a mount id');
    try {
      return {
        mountId: scope.mountId,
        pathPrefix: normalizePath(scope.pathPrefix),
        shadowed: (scope.shadowed ?? []).map((path) => normalizePath(path)),
      };
    } catch (error) {
      if (error instanceof PathError) throw searchInvalidScope(error.message);
      throw error;
    }
  });
  return { q, scopes, limit, offset };
}
