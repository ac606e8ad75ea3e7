import type { PublicUploadRequest, UploadArrival, UploadRequest } from '@sharebin/shared';
import { toIso, toIsoOrNull } from '../shared/clock';
import type { UploadRequestFilesTable, UploadRequestsTable } from '../shared/db.schema';
import { typeByName } from '../shared/media-types';
import { accessScopeOf } from '../shares/share-state';

/** How long a visitor's access token lets them upload to a protected request. */
export const UPLOAD_REQUEST_ACCESS_TTL_MS = 6 * 3_600_000;

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

export const acceptedTypes = (row: Pick<UploadRequestsTable, 'allowed_types'>) =>
  row.allowed_types ? row.allowed_types.split(',') : [];

/**
 * The access rules read a request as a share whose "views" are its files: a request that has
 * received all it accepts is used up.
 */
export const asShare = (row: UploadRequestsTable) => ({
  ...row,
  max_views: row.max_files,
  views: row.files_received,
});

export const accessScope = (row: UploadRequestsTable) => accessScopeOf('upload', asShare(row));

export function describeUploadRequest(row: UploadRequestsTable, origin: string): UploadRequest {
  return {
    id: row.id,
    slug: row.slug,
    path: row.path,
    name: nameOf(row.path),
    remark: row.remark,
    has_password: row.password_hash !== null,
    expires_at: toIsoOrNull(row.expires_at),
    max_files: row.max_files,
    max_file_size: row.max_file_size,
    max_total_size: row.max_total_size,
    allowed_types: acceptedTypes(row),
    files_received: row.files_received,
    bytes_received: row.bytes_received,
    last_received_at: toIsoOrNull(row.last_received_at),
    url: `${origin}/r/${encodeURIComponent(row.slug)}`,
    created_by: row.created_by,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export const describeArrival = (row: UploadRequestFilesTable): UploadArrival => ({
  id: row.id,
  request_id: row.request_id,
  name: row.name,
  path: row.path,
  size: row.size,
  mimetype: row.mimetype,
  received_at: toIso(row.created_at),
});

/** The most one file may weigh: the request's limit within the server's (0: none of its own). */
export const fileSizeLimit = (row: UploadRequestsTable, serverLimit: number) =>
  row.max_file_size > 0 ? Math.min(row.max_file_size, serverLimit) : serverLimit;

/** What a visitor who may upload learns: limits and what is left, never the folder's path. */
export function publicView(row: UploadRequestsTable, serverLimit: number): PublicUploadRequest {
  return {
    slug: row.slug,
    requires_password: false,
    name: nameOf(row.path),
    expires_at: toIsoOrNull(row.expires_at),
    max_file_size: fileSizeLimit(row, serverLimit),
    remaining_files: row.max_files > 0 ? Math.max(0, row.max_files - row.files_received) : null,
    remaining_bytes:
      row.max_total_size > 0 ? Math.max(0, row.max_total_size - row.bytes_received) : null,
    allowed_types: acceptedTypes(row),
  };
}

/**
 * Whether a file may arrive: its extension (`.pdf`) or its media type (`image/*`,
 * `application/pdf`). The type is the one its name implies; the sender's declared type counts
 * only for a name whose extension names none.
 */
export function typeAccepted(accepted: string[], name: string, declaredType: string): boolean {
  if (accepted.length === 0) return true;
  const lower = name.toLowerCase();
  const mediaType = (typeByName(name) ?? declaredType).toLowerCase();
  return accepted.some((type) => {
    if (type.startsWith('.')) return lower.endsWith(type) && lower.length > type.length;
    if (type.endsWith('/*')) return mediaType.startsWith(type.slice(0, -1));
    return mediaType === type;
  });
}

const MAX_NAME_LENGTH = 200;

/**
 * A visitor's file name made safe to store: the last segment of any path, no control or
 * reserved characters (for every storage and for Windows users who download it), no leading
 * dots (no hidden files), no trailing dots or spaces, at most 200 characters.
 */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '')
    .normalize('NFC');
  const name = cleaned || 'file';
  if (name.length <= MAX_NAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 20 ? name.slice(dot) : '';
  return name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
}

/** The n-th name to try when `name` is taken: `report (1).pdf`, `report (2).pdf`… */
export function numberedName(name: string, n: number): string {
  if (n === 0) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}
