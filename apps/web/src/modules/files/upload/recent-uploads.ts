import { type FileShare, RECENT_UPLOADS_SHOWN, STORAGE_KEYS } from '@sharebin/shared';
import { useSyncExternalStore } from 'react';
import { createSignal } from '../../../shared/value-store';

/** What the upload page remembers of a finished upload, in this browser only. */
export interface RecentUpload {
  id: string;
  slug: string;
  filename: string;
  size: number;
  mimetype: string;
  has_password: boolean;
  expires_at: string | null;
  uploaded_at: string;
}

// Not a value store: every read goes to storage, so other tabs' changes show at once.
const uploadsChanged = createSignal<void>();
let cached: { raw: string | null; list: RecentUpload[] } = { raw: null, list: [] };

function isRecentUpload(value: unknown): value is RecentUpload {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.slug === 'string' &&
    typeof entry.filename === 'string' &&
    typeof entry.size === 'number' &&
    typeof entry.uploaded_at === 'string'
  );
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.recentUploads);
  } catch {
    return null;
  }
}

/** The stored list, newest first; anything unreadable counts as empty. */
export function readRecentUploads(): RecentUpload[] {
  const raw = readRaw();
  if (raw === cached.raw) return cached.list;
  let list: RecentUpload[] = [];
  try {
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    if (Array.isArray(parsed)) list = parsed.filter(isRecentUpload).slice(0, RECENT_UPLOADS_SHOWN);
  } catch {
    list = [];
  }
  cached = { raw, list };
  return list;
}

function write(list: RecentUpload[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(STORAGE_KEYS.recentUploads);
    else window.localStorage.setItem(STORAGE_KEYS.recentUploads, JSON.stringify(list));
  } catch {
    // Storage full or disabled: the list is a convenience only.
  }
  uploadsChanged.emit();
}

/** Remembers a finished upload; only the last three are kept (SPEC §9). */
export function rememberUpload(share: FileShare, now = new Date()): void {
  const entry: RecentUpload = {
    id: share.id,
    slug: share.slug,
    filename: share.filename,
    size: share.size,
    mimetype: share.mimetype,
    has_password: share.has_password,
    expires_at: share.expires_at,
    uploaded_at: now.toISOString(),
  };
  const others = readRecentUploads().filter((upload) => upload.id !== share.id);
  write([entry, ...others].slice(0, RECENT_UPLOADS_SHOWN));
}

export function clearRecentUploads(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  const stopChanges = uploadsChanged.listen(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.recentUploads) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopChanges();
    window.removeEventListener('storage', onStorage);
  };
}

/** The recent uploads, kept in step with other tabs. */
export function useRecentUploads(): RecentUpload[] {
  return useSyncExternalStore(subscribe, readRecentUploads, readRecentUploads);
}
