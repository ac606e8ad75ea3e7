import {
  EXPIRY_OPTION_MS,
  type ExpiryOption,
  type Paste,
  type PasteSummary,
  type PasteView,
} from '@sharebin/shared';
import { toIso, toIsoOrNull } from '../shared/clock';
import type { PastesTable } from '../shared/db.schema';

export const PREVIEW_LENGTH = 200;
/** Generated slugs: 6 base62 characters (about 36 bits), longer after a collision. */
export const GENERATED_SLUG_LENGTH = 6;
export const RAW_ACCESS_TTL_MS = 10 * 60_000;

export type PasteState = 'live' | 'expired' | 'exhausted';

export function pasteState(
  row: Pick<PastesTable, 'expires_at' | 'max_views' | 'views'>,
  now: number,
): PasteState {
  if (row.expires_at !== null && row.expires_at <= now) return 'expired';
  if (row.max_views > 0 && row.views >= row.max_views) return 'exhausted';
  return 'live';
}

export const expiryFrom = (option: ExpiryOption, now: number): number | null => {
  const length = EXPIRY_OPTION_MS[option];
  return length === null ? null : now + length;
};

export const byteLength = (content: string) => Buffer.byteLength(content, 'utf8');

export const accessScope = (pasteId: string) => `paste:${pasteId}`;

export function toPasteView(row: PastesTable): PasteView {
  return {
    slug: row.slug,
    content: row.content,
    remark: row.remark,
    format: row.format,
    language: row.language,
    has_password: row.password_hash !== null,
    created_at: toIso(row.created_at),
    expires_at: toIsoOrNull(row.expires_at),
    max_views: row.max_views,
    views: row.views,
    remaining_views: row.max_views > 0 ? Math.max(0, row.max_views - row.views) : null,
  };
}

export function toPaste(row: PastesTable): Paste {
  return {
    ...toPasteView(row),
    id: row.id,
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
