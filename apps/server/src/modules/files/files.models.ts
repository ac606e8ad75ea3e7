import { type FileShare, isActiveContent, normalizeMediaType } from '@sharebin/shared';
import { toIso, toIsoOrNull } from '../shared/clock';
import type { FileSharesTable } from '../shared/db.schema';
import { accessScopeOf, remainingViews } from '../shares/share-state';

export const accessScope = (row: FileSharesTable) => accessScopeOf('file', row);

/**
 * `path…/<share id>/<file name>`, inside the storage's default folder (the driver adds that):
 * unique per share, readable in a bucket browser.
 */
export function objectKey(sharePath: string, shareId: string, filename: string): string {
  return [...sharePath.split('/'), shareId, filename].filter(Boolean).join('/');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a key has the shape `objectKey` gives: a bucket may hold other programs' objects. */
export function isShareObjectKey(key: string): boolean {
  return UUID.test(key.split('/').at(-2) ?? '');
}

/**
 * Whether a storage with direct downloads sends this content straight from the bucket: every
 * download, and inline only what an image, video or audio element or a fetch shows. PDFs (a
 * frame) and anything that could run stay on our origin, inside our sandbox, so the app's CSP
 * never has to let other origins into frames.
 */
export function servedDirectly(contentType: string, download: boolean): boolean {
  if (download) return true;
  return !isActiveContent(contentType) && contentType !== 'application/pdf';
}

/** A Map, not an object literal: an extension like `__proto__` must not reach the prototype. */
const GUESSED_TYPES = new Map<string, string>(
  Object.entries({
    md: 'text/markdown',
    markdown: 'text/markdown',
    txt: 'text/plain',
    json: 'application/json',
    pdf: 'application/pdf',
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    svg: 'image/svg+xml',
    mp4: 'video/mp4',
    webm: 'video/webm',
    mp3: 'audio/mpeg',
    wav: 'audio/wav',
    html: 'text/html',
    zip: 'application/zip',
  }),
);

/** The type a file's extension names, if it is one we know. */
export const typeByName = (filename: string): string | undefined =>
  GUESSED_TYPES.get(filename.split('.').pop()?.toLowerCase() ?? '');

/** The declared type, else one guessed from the extension (SPEC §5: Markdown is text/markdown). */
export function mimetypeFor(filename: string, declared: string | undefined): string {
  const extension = filename.split('.').pop()?.toLowerCase() ?? '';
  if (extension === 'md' || extension === 'markdown') return 'text/markdown';
  const declaredType = normalizeMediaType(declared);
  if (declaredType && declaredType !== 'application/octet-stream') return declaredType;
  return GUESSED_TYPES.get(extension) ?? 'application/octet-stream';
}

/** Absolute addresses of a new share for scripts: its page and its bytes as an attachment. */
export function shareLinks(
  origin: string,
  share: { slug: string },
  password: string | undefined,
): { share_url: string; download_url: string } {
  const slug = encodeURIComponent(share.slug);
  const query = new URLSearchParams({ download: '1' });
  if (password) query.set('password', password);
  return {
    share_url: `${origin}/file/${slug}`,
    download_url: `${origin}/api/public/files/${slug}/content?${query}`,
  };
}

export function toFileShare(row: FileSharesTable, s3Url: string | null): FileShare {
  return {
    id: row.id,
    file_id: row.id,
    s3_url: s3Url,
    slug: row.slug,
    filename: row.filename,
    mimetype: row.mimetype,
    size: row.size,
    s3_config_id: row.storage_config_id,
    path: row.path,
    storage_path: row.storage_path,
    etag: row.etag,
    remark: row.remark,
    has_password: row.password_hash !== null,
    expires_at: toIsoOrNull(row.expires_at),
    max_views: row.max_views,
    views: row.views,
    remaining_views: remainingViews(row),
    status: row.status,
    created_by: row.created_by,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}
