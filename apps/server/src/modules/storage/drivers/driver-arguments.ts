import type { Readable } from 'node:stream';
import type { ByteRange } from './storage-driver';
import { InvalidArgumentError, InvalidKeyError, MultipartError } from './storage-driver.errors';

/** S3's own limit on a key, in UTF-8 bytes. */
const KEY_MAX_BYTES = 1024;
/** SigV4 presigned URLs live at most 7 days; the local driver keeps the same bound. */
export const PRESIGN_MAX_SECONDS = 7 * 24 * 3600;
export const PART_NUMBER_MAX = 10_000;
export const LIST_LIMIT_MAX = 1000;

/**
 * Defence in depth: callers pass keys built by the one path normaliser, but a driver must
 * never be the place where `..`, NUL, a backslash or an absolute path slips through.
 */
export function assertValidKey(key: string): void {
  const reason = invalidKeyReason(key);
  if (reason) throw new InvalidKeyError(key, reason);
}

function invalidKeyReason(key: string): InvalidKeyError['reason'] | null {
  if (key === '') return 'empty';
  if (key.includes('\0')) return 'nul';
  if (key.includes('\\')) return 'backslash';
  if (key.startsWith('/')) return 'leading_slash';
  if (Buffer.byteLength(key) > KEY_MAX_BYTES) return 'too_long';
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty_segment';
    if (segment === '.' || segment === '..') return 'dot_segment';
  }
  return null;
}

/** A list prefix is a key, a key ending with `/`, or empty (everything). */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return;
  assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

export function assertExpiry(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > PRESIGN_MAX_SECONDS) {
    throw new InvalidArgumentError(
      `expiresInSeconds must be an integer from 1 to ${PRESIGN_MAX_SECONDS}`,
    );
  }
}

export function assertPartNumber(partNumber: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > PART_NUMBER_MAX) {
    throw new MultipartError(
      'invalid_part_number',
      `Part numbers run from 1 to ${PART_NUMBER_MAX}, got ${partNumber}`,
    );
  }
}

export function assertContentLength(length: number | undefined): void {
  if (length !== undefined && (!Number.isSafeInteger(length) || length < 0)) {
    throw new InvalidArgumentError('contentLength must be a non-negative integer');
  }
}

export function assertRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0) {
    throw new InvalidArgumentError('Range start must be a non-negative integer');
  }
  if (end !== undefined && (!Number.isSafeInteger(end) || end < start)) {
    throw new InvalidArgumentError('Range end must be an integer not below the start');
  }
}

export function listLimit(limit: number | undefined): number {
  if (limit === undefined) return LIST_LIMIT_MAX;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) {
    throw new InvalidArgumentError(`limit must be an integer from 1 to ${LIST_LIMIT_MAX}`);
  }
  return limit;
}

/**
 * Completion takes parts in any order (parallel uploads finish out of order) but each part
 * number once; both backends want them ascending.
 */
export function sortedParts<T extends { partNumber: number; etag: string }>(parts: T[]): T[] {
  if (parts.length === 0) throw new MultipartError('no_parts', 'At least one part is required');
  for (const part of parts) assertPartNumber(part.partNumber);
  const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  sorted.forEach((part, index) => {
    if (index > 0 && sorted[index - 1]?.partNumber === part.partNumber) {
      throw new MultipartError('duplicate_part', `Part ${part.partNumber} is listed twice`);
    }
  });
  return sorted;
}

export const stripQuotes = (etag: string): string => etag.replace(/"/g, '');

/**
 * Lets a body the driver refused before reading flow away unread. Not `destroy()`: behind the
 * HTTP server the body is the request itself, and destroying it resets the connection before
 * the client can read the 400 that says why.
 */
export function discardBody(body: Readable) {
  body.on('error', () => {});
  body.resume();
}
