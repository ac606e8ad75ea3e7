import type {
  ExpiryOption,
  FileShare,
  MaxUploadSize,
  PresignResponse,
  StorageChoice,
  StorageConfig,
} from '@sharebin/shared';
import { api } from '../../../app/api-client';
import { apiUrl } from '../../../app/runtime-config';
import { getAuthState } from '../../auth';
import type { CompletedPart } from './parts';

/** The share options every upload carries (SPEC §7 Files). */
export interface ShareRequestOptions {
  s3_config_id?: string;
  slug?: string;
  path: string;
  remark: string;
  password?: string;
  expires_in: ExpiryOption;
  max_views: number;
}

/** What the upload flows send to reserve a share: its options and the file's facts. */
export interface UploadRequest extends ShareRequestOptions {
  filename: string;
  mimetype?: string;
  size: number;
}

/** Presigned and multipart calls exist under `/s3` for files and `/url` for URL uploads. */
export type UploadRoute = 's3' | 'url';

export interface MultipartInit {
  file_id: string;
  upload_id: string;
  slug: string;
  part_size: number;
  part_count: number;
  storage_path: string;
  /** Parts a resumed upload already stored (absent from older servers). */
  uploaded_parts?: { partNumber: number; etag: string; size: number }[];
}

export interface PartUrl {
  partNumber: number;
  url: string;
}

export type { CompletedPart } from './parts';

/** POST /url/info: what the server found at an address; size null when it did not say. */
export interface UrlInfo {
  url: string;
  filename: string;
  size: number | null;
  mimetype: string;
}

/** A URL upload's calls carry the source address too. */
type RouteExtra = { url?: string };
/** Resumes the caller's held upload of the same file (file-fingerprint.ts). */
type InitExtra = RouteExtra & { fingerprint?: string };

/** Upload calls (SPEC §7 Files and URL upload); all need the admin or a key with file permission. */
export const uploadApi = {
  maxUploadSize: () => api.get<MaxUploadSize>('/system/max-upload-size', { auth: 'none' }),
  /** Full configs for the admin, brief choices (only those keys may use) for an API key. */
  storages: () => api.get<StorageConfig[] | StorageChoice[]>('/s3-configs'),

  presign: (route: UploadRoute, body: UploadRequest & RouteExtra) =>
    api.post<PresignResponse>(`/${route}/presign`, body),
  commit: (route: UploadRoute, fileId: string) =>
    api.post<FileShare>(`/${route}/commit`, { file_id: fileId }),

  multipartInit: (route: UploadRoute, body: UploadRequest & InitExtra) =>
    api.post<MultipartInit>(`/${route}/multipart/init`, body),
  /** Presigned URLs for up to 100 parts at a time. */
  multipartParts: (route: UploadRoute, fileId: string, partNumbers: number[]) =>
    api.post<{ parts: PartUrl[] }>(`/${route}/multipart/parts`, {
      file_id: fileId,
      part_numbers: partNumbers,
    }),
  multipartComplete: (route: UploadRoute, fileId: string, parts: CompletedPart[]) =>
    api.post<FileShare>(`/${route}/multipart/complete`, { file_id: fileId, parts }),
  multipartAbort: (route: UploadRoute, fileId: string) =>
    api.post<null>(`/${route}/multipart/abort`, { file_id: fileId }),

  urlInfo: (url: string) => api.post<UrlInfo>('/url/info', { url }),
  /** The server fetches the address for a browser that cannot (CORS, mixed content). */
  urlProxy: (url: string) => `${apiUrl('/url/proxy')}?${new URLSearchParams({ url })}`,
  /** Drops a URL upload's reserved share. */
  urlCancel: (fileId: string) => api.post<null>('/url/cancel', { file_id: fileId }),

  /**
   * Deletes the share record of a failed presigned upload (SPEC §4): the admin's route for the
   * admin, the user route for an API key. Only while uncommitted: a commit whose answer was lost
   * made the share live, and the server keeps it (409 file.already_live).
   */
  discard: (fileId: string) =>
    api.delete<null>(
      `/${getAuthState().authType === 'admin' ? 'admin' : 'user'}/files/${encodeURIComponent(fileId)}?uploading_only=1`,
    ),
};
