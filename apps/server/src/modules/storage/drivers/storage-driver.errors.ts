/**
 * Failures a storage driver reports, whatever the backend. Plain classes with stable codes;
 * the storage use cases decide what they mean in HTTP terms.
 */
export abstract class StorageDriverError extends Error {
  abstract readonly code: string;
}

export class ObjectNotFoundError extends StorageDriverError {
  readonly code = 'storage.object_not_found';

  constructor(
    readonly key: string,
    options?: ErrorOptions,
  ) {
    super(`No object at key "${key}"`, options);
    this.name = 'ObjectNotFoundError';
  }
}

export type InvalidKeyReason =
  | 'empty'
  | 'too_long'
  | 'leading_slash'
  | 'empty_segment'
  | 'dot_segment'
  | 'nul'
  | 'backslash'
  /** Local driver: the first segment is one of its own folders (`.multipart`, `.tmp`). */
  | 'reserved'
  /** Local driver: a file and a folder would share a name (`a` and `a/b`). */
  | 'path_conflict'
  /** Local driver: the path leads out of the root through a symbolic link. */
  | 'outside_root';

export class InvalidKeyError extends StorageDriverError {
  readonly code = 'storage.invalid_key';

  constructor(
    readonly key: string,
    readonly reason: InvalidKeyReason,
  ) {
    super(`Invalid storage key (${reason})`);
    this.name = 'InvalidKeyError';
  }
}

export type MultipartErrorReason =
  | 'upload_not_found'
  | 'invalid_part_number'
  | 'invalid_part'
  | 'duplicate_part'
  | 'no_parts'
  | 'part_too_small'
  | 'length_required';

export class MultipartError extends StorageDriverError {
  readonly code = 'storage.multipart';

  constructor(
    readonly reason: MultipartErrorReason,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MultipartError';
  }
}

/** The range starts at or beyond the end of the object (HTTP 416 territory). */
export class RangeNotSatisfiableError extends StorageDriverError {
  readonly code = 'storage.range_not_satisfiable';

  constructor(
    readonly key: string,
    readonly size: number | null,
  ) {
    super(`The requested range of "${key}" is not satisfiable`);
    this.name = 'RangeNotSatisfiableError';
  }
}

/** The body delivered more or fewer bytes than its declared length; nothing was stored. */
export class ContentLengthMismatchError extends StorageDriverError {
  readonly code = 'storage.content_length_mismatch';

  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Expected ${expected} bytes, received ${actual}${actual > expected ? ' or more' : ''}`);
    this.name = 'ContentLengthMismatchError';
  }
}

/** A body of undeclared length went past the most bytes it was allowed; nothing was stored. */
export class ObjectTooLargeError extends StorageDriverError {
  readonly code = 'storage.too_large';

  constructor(readonly maxLength: number) {
    super(`The upload is larger than the ${maxLength} bytes it may carry`);
    this.name = 'ObjectTooLargeError';
  }
}

/** A malformed argument other than a key: a negative range, an expiry beyond 7 days… */
export class InvalidArgumentError extends StorageDriverError {
  readonly code = 'storage.invalid_argument';

  constructor(message: string) {
    super(message);
    this.name = 'InvalidArgumentError';
  }
}

export type SignedUrlErrorReason = 'malformed' | 'bad_signature' | 'expired';

/** A local-driver signed URL that is incomplete, forged, for another operation or expired. */
export class SignedUrlError extends StorageDriverError {
  readonly code = 'storage.signed_url_invalid';

  constructor(readonly reason: SignedUrlErrorReason) {
    super(`Signed storage URL refused (${reason})`);
    this.name = 'SignedUrlError';
  }
}

/** The backend failed in a way no other error describes (network, credentials, bucket…). */
export class StorageBackendError extends StorageDriverError {
  readonly code = 'storage.backend_error';

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StorageBackendError';
  }
}

/** The backend did not connect, or went silent mid-call, within the driver's timeouts. */
export class StorageTimeoutError extends StorageDriverError {
  readonly code = 'storage.timeout';

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StorageTimeoutError';
  }
}

/** The backend has no room left for the object (a full disk: ENOSPC, EDQUOT); nothing was stored. */
export class StorageFullError extends StorageDriverError {
  readonly code = 'storage.full';

  constructor(options?: ErrorOptions) {
    super('The storage has no space left', options);
    this.name = 'StorageFullError';
  }
}

export type FsConflictReason =
  | 'file_exists'
  | 'parent_is_file'
  | 'not_a_directory'
  | 'target_exists'
  | 'into_itself'
  /** Concurrent deletes kept taking the path away while it was being made. */
  | 'changed_meanwhile';

/** A file-system call that the entries already in place forbid (HTTP 409 territory). */
export class FsConflictError extends StorageDriverError {
  readonly code = 'storage.fs_conflict';

  constructor(
    readonly key: string,
    readonly reason: FsConflictReason,
  ) {
    super(`Cannot do this at "${key}" (${reason})`);
    this.name = 'FsConflictError';
  }
}

/** A write through a read-only view (a read-only mount); nothing was changed. */
export class ReadOnlyStorageError extends StorageDriverError {
  readonly code = 'storage.read_only';

  constructor(readonly operation: string) {
    super(`This storage view is read-only (${operation})`);
    this.name = 'ReadOnlyStorageError';
  }
}
