import { type FileShare, isActiveContent } from '@sharebin/shared';
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
