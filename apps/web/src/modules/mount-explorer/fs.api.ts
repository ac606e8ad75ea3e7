import type {
  FsArchiveListing,
  FsBatchResult,
  FsConflictMode,
  FsEntry,
  FsExtractRequest,
  FsFileLink,
  FsJobAccepted,
  FsListing,
  FsMultipartInitResponse,
  FsMultipartUploads,
  FsSearchResponse,
} from '@sharebin/shared';
import { api } from '../../app/api-client';
import { apiUrl } from '../../app/runtime-config';
import { getAuthState } from '../auth';
import type { CompletedPart } from '../files';
import type { SearchRequest } from './explorer.search';

/** SPEC §6: the admin's file-system calls and a key's are separate sets, chosen by user type. */
export const fsBase = () => (getAuthState().authType === 'admin' ? '/admin/fs' : '/user/fs');

export interface TransferItem {
  sourcePath: string;
  targetPath: string;
}

/**
 * The body of a move or copy: the items and what to do with one whose name is already taken
 * where it goes (the API's `conflict`).
 */
export const transferBody = (items: TransferItem[], conflict: FsConflictMode) => ({
  items,
  conflict,
});

/** A move or copy answers its job; a call on many paths, what it did (and maybe a job). */
export type TransferOutcome = FsBatchResult | FsJobAccepted;
export const isJobAccepted = (outcome: TransferOutcome): outcome is FsJobAccepted =>
  'job_id' in outcome;

/** Seconds a preview or copied link stays valid. */
export const FILE_LINK_EXPIRES_S = 3600;

/** The file-system calls of SPEC §7, on the session's credentials. */
export const fsApi = {
  list: (path: string, signal?: AbortSignal) =>
    api.get<FsListing>(`${fsBase()}/list`, { query: { path }, signal }),
  get: (path: string) => api.get<FsEntry>(`${fsBase()}/get`, { query: { path } }),
  search: (request: SearchRequest, signal?: AbortSignal) =>
    api.get<FsSearchResponse>(`${fsBase()}/search`, { query: { ...request }, signal }),
  mkdir: (path: string) => api.post<unknown>(`${fsBase()}/mkdir`, { path }),
  /** A large folder is deleted by a job: the answer names it. */
  remove: (path: string) =>
    api.delete<FsJobAccepted | null>(`${fsBase()}/remove`, { query: { path } }),
  batchRemove: (paths: string[]) => api.post<FsBatchResult>(`${fsBase()}/batch-remove`, { paths }),
  rename: (oldPath: string, newPath: string) =>
    api.post<unknown>(`${fsBase()}/rename`, { oldPath, newPath }),
  move: (items: TransferItem[], conflict: FsConflictMode) =>
    api.post<FsJobAccepted>(`${fsBase()}/move`, transferBody(items, conflict)),
  copy: (items: TransferItem[], conflict: FsConflictMode) =>
    api.post<FsJobAccepted>(`${fsBase()}/batch-copy`, transferBody(items, conflict)),
  update: (path: string, content: string) =>
    api.post<unknown>(`${fsBase()}/update`, { path, content }),
  /** What is inside a zip or tar, without extracting it. */
  archive: (path: string) => api.get<FsArchiveListing>(`${fsBase()}/archive`, { query: { path } }),
  /** Extracts the archive `path` into the folder `targetPath` (made when missing), as a job. */
  extract: (body: FsExtractRequest) => api.post<FsJobAccepted>(`${fsBase()}/extract`, body),
  fileLink: (path: string, forceDownload: boolean) =>
    api.get<FsFileLink>(`${fsBase()}/file-link`, {
      query: { path, force_download: forceDownload, expires_in: FILE_LINK_EXPIRES_S },
    }),

  /** POST upload takes the form through XMLHttpRequest (for progress): its address here. */
  uploadUrl: () => apiUrl(`${fsBase()}/upload`),
  /** `path` is the target folder; the answer names each part's URL (see `direct`). */
  multipartInit: (body: {
    path: string;
    contentType: string;
    fileSize: number;
    filename: string;
    /** Resumes this caller's held upload of the same file (file-fingerprint.ts). */
    fingerprint?: string;
  }) => api.post<FsMultipartInitResponse>(`${fsBase()}/multipart/init`, body),
  multipartComplete: (body: {
    path: string;
    uploadId: string;
    key: string;
    parts: CompletedPart[];
    contentType: string;
    fileSize: number;
  }) => api.post<unknown>(`${fsBase()}/multipart/complete`, body),
  multipartAbort: (body: { path: string; uploadId: string; key: string }) =>
    api.post<unknown>(`${fsBase()}/multipart/abort`, body),
  /** The folder's uploads that stopped half way and can be resumed (a key sees its own). */
  unfinishedUploads: (path: string, signal?: AbortSignal) =>
    api.get<FsMultipartUploads>(`${fsBase()}/multipart/uploads`, { query: { path }, signal }),
};
