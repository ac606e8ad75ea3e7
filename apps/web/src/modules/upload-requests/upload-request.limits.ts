import { ERROR_CODES, type PublicUploadRequest } from '@sharebin/shared';

/**
 * What a request still lets in, as its page learned it (`PublicUploadRequest`, null: no
 * limit). The server checks every file again; these checks spare the visitor a refused upload.
 */
export interface Allowance {
  maxFileSize: number;
  remainingFiles: number | null;
  remainingBytes: number | null;
  allowedTypes: readonly string[];
}

/** What a request's look-up says it lets in. */
export const allowanceOf = (request: PublicUploadRequest): Allowance => ({
  maxFileSize: request.max_file_size ?? Number.POSITIVE_INFINITY,
  remainingFiles: request.remaining_files ?? null,
  remainingBytes: request.remaining_bytes ?? null,
  allowedTypes: request.allowed_types ?? [],
});

/** Why a file is not sent, or was refused; the page words each one. */
export type Refusal =
  | { reason: 'tooLarge'; limit: number }
  | { reason: 'typeNotAllowed'; allowed: readonly string[] }
  | { reason: 'tooManyFiles'; remaining: number }
  | { reason: 'noRoom'; remaining: number }
  | { reason: 'full' }
  | { reason: 'expired' }
  | { reason: 'closed' };

/** The file picker's `accept`: the request's types as they are, or any type. */
export const acceptAttribute = (types: readonly string[]): string | undefined =>
  types.length > 0 ? types.join(',') : undefined;

/**
 * Whether a file is of an accepted type, as the server decides it: its extension (`.pdf`), or
 * its media type (`application/pdf`, `image/*`), which the browser guesses from the name.
 */
export function isTypeAccepted(types: readonly string[], name: string, mediaType: string) {
  if (types.length === 0) return true;
  const lowerName = name.toLowerCase();
  const lowerType = mediaType.toLowerCase();
  return types.some((type) => {
    if (type.startsWith('.')) return lowerName.endsWith(type) && lowerName.length > type.length;
    if (type.endsWith('/*')) return lowerType.startsWith(type.slice(0, -1));
    return lowerType === type;
  });
}

/** The files and bytes already on their way or sent since the allowance was learned. */
export interface Committed {
  files: number;
  bytes: number;
}

export interface Candidate {
  name: string;
  type: string;
  size: number;
}

/**
 * Which of `files` may go, in order: each refused one says why; each admitted one counts
 * against what is left for those after it.
 */
export function screenFiles(
  files: readonly Candidate[],
  allowance: Allowance,
  committed: Committed,
): (Refusal | null)[] {
  let { files: count, bytes } = committed;
  return files.map((file): Refusal | null => {
    if (!isTypeAccepted(allowance.allowedTypes, file.name, file.type)) {
      return { reason: 'typeNotAllowed', allowed: allowance.allowedTypes };
    }
    if (file.size > allowance.maxFileSize) {
      return { reason: 'tooLarge', limit: allowance.maxFileSize };
    }
    if (allowance.remainingFiles !== null && count >= allowance.remainingFiles) {
      return { reason: 'tooManyFiles', remaining: allowance.remainingFiles };
    }
    if (allowance.remainingBytes !== null && bytes + file.size > allowance.remainingBytes) {
      return { reason: 'noRoom', remaining: Math.max(0, allowance.remainingBytes - bytes) };
    }
    count += 1;
    bytes += file.size;
    return null;
  });
}

/** Whether the request can take any file at all now. */
export const acceptsMore = (allowance: Allowance, committed: Committed) =>
  (allowance.remainingFiles === null || committed.files < allowance.remainingFiles) &&
  (allowance.remainingBytes === null || committed.bytes < allowance.remainingBytes);

const numberIn = (details: unknown, field: string): number => {
  const value = (details as Record<string, unknown> | null)?.[field];
  return typeof value === 'number' ? value : 0;
};

/**
 * The server's refusal of a file as the page words it; null for any other failure (its text
 * comes from the API's error texts).
 */
export function refusalOf(code: string, details: unknown, allowance: Allowance): Refusal | null {
  switch (code) {
    case ERROR_CODES.uploadRequestFileTooLarge:
      return { reason: 'tooLarge', limit: numberIn(details, 'limit') };
    case ERROR_CODES.uploadRequestTotalExceeded:
      return { reason: 'noRoom', remaining: numberIn(details, 'remaining') };
    case ERROR_CODES.uploadRequestTypeNotAllowed:
      return { reason: 'typeNotAllowed', allowed: allowance.allowedTypes };
    case ERROR_CODES.uploadRequestFull:
      return { reason: 'full' };
    case ERROR_CODES.uploadRequestExpired:
      return { reason: 'expired' };
    case ERROR_CODES.uploadRequestPathGone:
    case ERROR_CODES.uploadRequestNotFound:
      return { reason: 'closed' };
    default:
      return null;
  }
}

/** A refusal that ends the request for every file after it, not only this one. */
export const endsTheRequest = (refusal: Refusal | null) =>
  refusal !== null &&
  (refusal.reason === 'full' || refusal.reason === 'expired' || refusal.reason === 'closed');
