// No AWS SDK here: the server's start imports these, and the SDK loads with the first S3 storage.

export interface S3DriverOptions {
  /** Omitted for AWS itself; e.g. `https://<account>.r2.cloudflarestorage.com`. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Folder inside the bucket that holds every key of this storage (`a/b`, no slashes around). */
  defaultFolder?: string;
  /** `https://cdn.example.com`: replaces scheme and host of presigned GET URLs. */
  customHost?: string;
  timeouts: S3Timeouts;
  /** When copies go part by part (tests lower it to stay small). */
  multipartCopy?: MultipartCopyOptions;
  /**
   * Where the SDK's own messages go. Without one it writes warnings to the console, e.g. for
   * every upload a client aborts; the errors themselves reach the caller as thrown errors.
   */
  sdkLogger?: S3SdkLogger;
}

export type S3SdkLogger = Record<
  'trace' | 'debug' | 'info' | 'warn' | 'error',
  (...content: unknown[]) => void
>;

/**
 * Without them a frozen storage holds a request forever. The idle limit, not a total one,
 * bounds a call: a large part or download may take long, but never long in silence. A call
 * that times out is not tried again (s3-retries.ts), so a frozen storage surfaces after one
 * timeout. Both come from STORAGE_TIMEOUT.
 */
export interface S3Timeouts {
  /** To establish the connection. */
  connectMs: number;
  /**
   * Longest silence on the socket: the wait for the answer's first byte, and while a body flows.
   * From 6 s up the SDK arms it 3 s after the request starts, so a first silence may last 3 s more.
   */
  idleMs: number;
}

export const DEFAULT_S3_TIMEOUTS: S3Timeouts = { connectMs: 10_000, idleMs: 10_000 };

export interface MultipartCopyOptions {
  /** Objects above this size go by UploadPartCopy (5 GiB unless lowered, as tests do). */
  thresholdBytes: number;
  /** Part size; raised as needed to stay within 10,000 parts. */
  partBytes: number;
}
