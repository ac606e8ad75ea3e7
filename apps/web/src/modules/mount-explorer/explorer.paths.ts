import { decodeUrlPath, isPathWithin, normalizePath } from '@sharebin/shared';

/** The explorer's route; the virtual path follows it segment by segment. */
export const EXPLORER_ROUTE = '/mount-explorer';

/**
 * The virtual path a location's pathname names. The pathname is still percent-encoded, so it is
 * decoded exactly once, here; null when it is not a valid path (`..`, NUL).
 */
export function pathFromLocation(pathname: string): string | null {
  const rest = pathname.startsWith(EXPLORER_ROUTE) ? pathname.slice(EXPLORER_ROUTE.length) : '';
  try {
    return decodeUrlPath(rest || '/');
  } catch {
    return null;
  }
}

/** The explorer's address of a folder, optionally previewing one of its files. */
export function explorerHref(path: string, preview?: string | null): string {
  const encoded = path
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const base = encoded ? `${EXPLORER_ROUTE}/${encoded}` : EXPLORER_ROUTE;
  return preview ? `${base}?${new URLSearchParams({ preview })}` : base;
}

export interface Crumb {
  /** The segment's name; '' for the root. */
  name: string;
  path: string;
  /**
   * The folder can be opened: it lies within `basePath`. A folder above a key's base path is
   * only the way down to it, and the guard sends whoever opens it back.
   */
  reachable: boolean;
}

/** The root, then every folder down to `path`. */
export function breadcrumbs(path: string, basePath = '/'): Crumb[] {
  const crumb = (name: string, at: string) => ({
    name,
    path: at,
    reachable: isPathWithin(basePath, at),
  });
  const crumbs: Crumb[] = [crumb('', '/')];
  let current = '';
  for (const segment of path.split('/').filter(Boolean)) {
    current = `${current}/${segment}`;
    crumbs.push(crumb(segment, current));
  }
  return crumbs;
}

export function parentPath(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function childPath(folder: string, name: string): string {
  return folder === '/' ? `/${name}` : `${folder}/${name}`;
}

/** Archives the server opens and extracts (its `fs/archive`, `fs/extract`): zip, tar, tar.gz / tgz. */
const ARCHIVE_NAME = /\.(zip|tar|tar\.gz|tgz)$/i;

export const isArchiveName = (name: string) => ARCHIVE_NAME.test(name);

/**
 * Where an archive is extracted unless the user says otherwise: a folder beside it named after
 * it without its extension (`/m/docs/photos.zip` → `/m/docs` and `photos`). An archive whose
 * whole name is the extension (`.zip`) names no folder: its own folder is the target.
 */
export function extractionTarget(archivePath: string): { folder: string; name: string } {
  return {
    folder: parentPath(archivePath),
    name: baseName(archivePath).replace(ARCHIVE_NAME, ''),
  };
}

/** The folder extracted into: `name` (made when missing) in `folder`, or `folder` itself. */
export function extractionPath(folder: string, name: string): string {
  const trimmed = name.trim();
  return trimmed === '' ? folder : childPath(folder, trimmed);
}

/** Why a new file or folder name is refused, or null when it is fine. */
export type NameProblem = 'empty' | 'slash' | 'dots' | 'taken';

export function nameProblem(name: string, siblings: readonly string[] = []): NameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  if (/[/\\]/.test(trimmed) || trimmed.includes('\0')) return 'slash';
  if (trimmed === '.' || trimmed === '..') return 'dots';
  if (siblings.includes(trimmed)) return 'taken';
  return null;
}

/**
 * SPEC §5: copying (or moving) a folder into itself or one of its subfolders is warned about.
 * Answers the source folders that `target` lies in.
 */
export function foldersContaining(
  sources: readonly { path: string; is_directory: boolean }[],
  target: string,
): string[] {
  return sources
    .filter((source) => source.is_directory && isPathWithin(source.path, target))
    .map((source) => source.path);
}

/**
 * SPEC §2 guard: a key confined to a base path that opens a path outside it is sent to its
 * base path. Answers where to go, or null to stay.
 */
export function guardRedirect(path: string, basePath: string): string | null {
  if (isPathWithin(basePath, path)) return null;
  try {
    return normalizePath(basePath);
  } catch {
    return '/';
  }
}

/** The folder a file picked with its relative path (`webkitdirectory`, a dropped folder) goes to. */
export function uploadFolderFor(target: string, relativePath: string): string {
  const parts = relativePath.split('/').filter(Boolean);
  parts.pop();
  return parts.reduce(childPath, target);
}

/** The WebDAV address of the server at `backendBase` (the API's origin): `/dav/` beside `/api`. */
export function webDavAddress(backendBase: string): string {
  return `${backendBase.replace(/\/+$/, '')}/dav/`;
}
