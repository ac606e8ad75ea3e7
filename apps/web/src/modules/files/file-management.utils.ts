import type { FileShare } from '@sharebin/shared';
import { isPast } from '../../app/format';
import { appPageUrl } from '../../app/runtime-config';

/** The share page of a file, on the address (and base path) the app is served from. */
export function fileShareUrl(slug: string): string {
  return appPageUrl(`/file/${encodeURIComponent(slug)}`);
}

type FileLimits = Pick<FileShare, 'expires_at' | 'max_views' | 'views'>;

export const isFileExpired = (file: FileLimits, now = Date.now()) => isPast(file.expires_at, now);

/** Every allowed view has been used (0 = unlimited never is). */
export const isFileUsedUp = (file: FileLimits) =>
  file.max_views > 0 && file.views >= file.max_views;

export type FileKind =
  | 'image'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'archive'
  | 'document'
  | 'spreadsheet'
  | 'presentation'
  | 'code'
  | 'text'
  | 'other';

const ARCHIVE = /(zip|x-tar|gzip|x-7z|x-rar|x-bzip|x-xz|compressed)/;
const CODE = /(json|javascript|typescript|xml|x-sh|x-python|yaml|toml|html|css|x-httpd)/;

/** A rough family of a media type, for its icon. */
export function fileKind(mimetype: string): FileKind {
  const type = mimetype.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === 'application/pdf') return 'pdf';
  if (ARCHIVE.test(type)) return 'archive';
  if (/(spreadsheet|ms-excel|csv)/.test(type)) return 'spreadsheet';
  if (/(presentation|powerpoint)/.test(type)) return 'presentation';
  if (/(wordprocessing|msword|opendocument\.text|rtf)/.test(type)) return 'document';
  if (CODE.test(type)) return 'code';
  if (type.startsWith('text/')) return 'text';
  return 'other';
}
