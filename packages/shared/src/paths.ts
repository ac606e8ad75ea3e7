import { ERROR_CODES } from './error-codes';

/** Longest raw path accepted; anything longer is rejected before decoding. */
const PATH_MAX_LENGTH = 4096;

export class PathError extends Error {
  readonly code = ERROR_CODES.pathInvalid;

  constructor(message: string) {
    super(message);
    this.name = 'PathError';
  }
}

/**
 * The one path normaliser of the product. Decodes percent-encoding exactly once (decoding
 * again would let `%252e%252e` turn into `..` later), treats `\` as a separator, rejects NUL
 * and `..` segments, drops `.` and empty segments. Result: leading `/`, no trailing `/`
 * except for the root.
 */
export function normalizePath(input: string): string {
  if (input.length > PATH_MAX_LENGTH) {
    throw new PathError(`Path longer than ${PATH_MAX_LENGTH} characters`);
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(input);
  } catch {
    throw new PathError('Malformed percent-encoding in path');
  }
  // Checked after decoding so that encoded forms (`%00`, `%2e%2e`, `..%2f`) are caught too.
  if (decoded.includes('\0')) {
    throw new PathError('NUL character in path');
  }
  const segments: string[] = [];
  for (const segment of decoded.split(/[/\\]/)) {
    if (segment === '..') {
      throw new PathError('Parent segment (..) in path');
    }
    if (segment !== '' && segment !== '.') {
      segments.push(segment);
    }
  }
  return `/${segments.join('/')}`;
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

/** Joins parts with `/` and normalises the result (so each part is decoded once, too). */
export function joinPath(...parts: string[]): string {
  return normalizePath(parts.join('/'));
}
