import { MULTIPART_CHUNK_SIZE } from '@sharebin/shared';
import type { CancelToken } from './cancel-token';
import type { UploadRequest, UploadRoute } from './upload.api';

/** SPEC §4 upload stages, in order. */
export const UPLOAD_STAGES = [
  'starting',
  'initializing',
  'uploading',
  'processing',
  'completing',
  'completed',
] as const;
export type UploadStage = (typeof UPLOAD_STAGES)[number];

export type UploadMethod = 'presigned' | 'multipart';

/** Files up to two chunks go in one presigned PUT; larger ones in parts (SPEC §9: 5 MiB parts). */
export function chooseUploadMethod(size: number): UploadMethod {
  return size > 2 * MULTIPART_CHUNK_SIZE ? 'multipart' : 'presigned';
}

/** How a running upload reports to whoever shows it, and how it learns it was cancelled. */
export interface UploadHooks {
  cancel: CancelToken;
  onStage: (stage: UploadStage) => void;
  /** Bytes of `total` sent to the storage so far. */
  onProgress: (loaded: number, total: number) => void;
}

/** Bytes on their way to the storage through the presigned or the multipart calls. */
export interface StorageTransfer {
  route: UploadRoute;
  body: Blob;
  /** The source address of a URL upload is sent along. */
  request: UploadRequest & { url?: string };
  hooks: UploadHooks;
}
