import { ERROR_CODES } from './error-codes';

/** Longest raw path accepted; anything longer is rejected before decoding. */
const PATH_MAX_LENGTH = 4096;

/** Longest name (one path segment) a file system takes, in UTF-8 bytes (NAME_MAX on Linux, S3's limit is larger). */
export const NAME_MAX_BYTES = 255;

export class PathError extends Error {
  readonly code = ERROR_CODES.pathInvalid;

  constructor(message: string) {
    super(message);
    this.name = 'PathError';
  }
}

/**
 * The one path normaliser of the product, for paths that are already decoded: a JSON field, a
 * query parameter (the URL parser decoded it), a name a storage listed. A `%` is a character
 * like any other here (a file may be called `100%.txt`), so decoding again would both break
 * such names and let `%2e%2e` turn into `..` later. Treats `\` as a separator, rejects NUL and
 * `..` segments, drops `.` and empty segments. Result: leading `/`, no trailing `/` except for
 * the root.
 */
export function normalizePath(input: string): string {
  if (input.length > PATH_MAX_LENGTH) {
    throw new PathError(`Path longer than ${PATH_MAX_LENGTH} characters`);
  }
  if (input.includes('\0')) {
    throw new PathError('NUL character in path');
  }
  const segments: string[] = [];
  for (const segment of input.split(/[/\\]/)) {
    if (segment === '..') {
      throw new PathError('Parent segment (..) in path');
    }
    if (segment !== '' && segment !== '.') {
      segments.push(segment);
    }
  }
  return `/${segments.join('/')}`;
}

/**
 * The path of a URL as the request line carried it (still percent-encoded: a WebDAV request,
 * the web app's address bar), decoded exactly once at this edge, then normalised. `..` and
 * `%2e%2e` alike are refused, never resolved.
 */
export function decodeUrlPath(raw: string): string {
  if (raw.length > PATH_MAX_LENGTH) {
    throw new PathError(`Path longer than ${PATH_MAX_LENGTH} characters`);
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    throw new PathError('Malformed percent-encoding in path');
  }
  return normalizePath(decoded);
}

/** The first segment of a normalised path whose name is longer than NAME_MAX_BYTES, if any. */
export function overlongName(path: string): string | undefined {
  const encoder = new TextEncoder();
  return path.split('/').find((segment) => encoder.encode(segment).length > NAME_MAX_BYTES);
}

function tryNormalize(path: string): string | null {
  try {
    return normalizePath(path);
  } catch (error) {
    if (error instanceof PathError) {
      return null;
    }
    throw error;
  }
}

/**
 * Whether `path` equals `basePath` or lies under it, comparing whole segments (`/a` does not
 * contain `/ab`). An invalid path on either side yields false, so callers fail closed.
 */
export function isPathWithin(basePath: string, path: string): boolean {
  const base = tryNormalize(basePath);
  const target = tryNormalize(path);
  if (base === null || target === null) {
    return false;
  }
  return base === '/' || target === base || target.startsWith(`${base}/`);
}

/** Joins parts with `/` and normalises the result. */
export function joinPath(...parts: string[]): string {
  return normalizePath(parts.join('/'));
}
