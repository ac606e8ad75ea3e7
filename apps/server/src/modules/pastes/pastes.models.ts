import type { Paste, PasteSummary, PasteView } from '@sharebin/shared';
import { toIso, toIsoOrNull } from '../shared/clock';
import type { PastesTable } from '../shared/db.schema';
import { accessScopeOf, remainingViews } from '../shares/share-state';

export const PREVIEW_LENGTH = 200;
export const RAW_ACCESS_TTL_MS = 10 * 60_000;

export const byteLength = (content: string) => Buffer.byteLength(content, 'utf8');

export const accessScope = (row: PastesTable) => accessScopeOf('paste', row);

export function toPasteView(row: PastesTable): PasteView {
  return {
    slug: row.slug,
    content: row.content,
    format: row.format,
    language: row.language,
    has_password: row.password_hash !== null,
    created_at: toIso(row.created_at),
    expires_at: toIsoOrNull(row.expires_at),
    max_views: row.max_views,
    views: row.views,
    remaining_views: remainingViews(row),
  };
}

export function toPaste(row: PastesTable): Paste {
  return {
    ...toPasteView(row),
    id: row.id,
    remark: row.remark,
    created_by: row.created_by,
    updated_at: toIso(row.updated_at),
    size: row.size,
  };
}

export function toPasteSummary(
  row: Omit<PastesTable, 'content'> & { preview: string },
): PasteSummary {
  const { content: _content, ...paste } = toPaste({ ...row, content: '' });
  return { ...paste, preview: row.preview };
}

/** Where a paste is read: its page in the web app and its raw text, under `origin`. */
export function pasteLinks(origin: string, slug: string) {
  const path = encodeURIComponent(slug);
  return { url: `${origin}/paste/${path}`, raw_url: `${origin}/api/raw/${path}` };
}
