import type { AccessTokens } from '../../shared/access-token';

/** Long enough for a large upload over a slow line; S3 keeps unfinished uploads as long. */
const UPLOAD_KEY_TTL_MS = 7 * 24 * 3600 * 1000;

/** What a multipart upload is bound to: the client may not change any of it between calls. */
export interface UploadBinding {
  mountId: string;
  /** The key in the mount's storage. */
  storageKey: string;
  uploadId: string;
  fileSize: number;
}

const scopeOf = (binding: Omit<UploadBinding, 'fileSize'>, fileSize: number) =>
  ['fs-multipart', binding.mountId, binding.storageKey, binding.uploadId, fileSize].join('\n');

/**
 * The multipart `key` of SPEC §7, as a signed token rather than the bare storage key: part,
 * complete and abort learn from it the size the upload was started for (the part route gets no
 * size) and refuse a key made up for another path or upload. `<size base36>.<access token>`.
 */
export function createUploadKeys(tokens: AccessTokens) {
  return {
    issue: (binding: UploadBinding) =>
      `${binding.fileSize.toString(36)}.${tokens.issue(scopeOf(binding, binding.fileSize), UPLOAD_KEY_TTL_MS)}`,

    /** The size the key was issued for, when it was issued for exactly this upload; else null. */
    verify(binding: Omit<UploadBinding, 'fileSize'>, key: string): number | null {
      const cut = key.indexOf('.');
      if (cut <= 0) return null;
      const fileSize = Number.parseInt(key.slice(0, cut), 36);
      if (!Number.isSafeInteger(fileSize) || fileSize < 0) return null;
      return tokens.verify(scopeOf(binding, fileSize), key.slice(cut + 1)) ? fileSize : null;
    },
  };
}

export type UploadKeys = ReturnType<typeof createUploadKeys>;
