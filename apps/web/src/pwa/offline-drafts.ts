import { DEVICE_OWNER } from './offline-cache';
import { offlineDb } from './offline-db';

/** Drafts (SPEC §3 cached drafts): settings records of the browser, kept across sign-outs. */
export interface StoredDraft {
  content: string;
  /** Epoch milliseconds. */
  savedAt: number;
}

export const MARKDOWN_DRAFT_KEY = 'draft_markdown';

export async function loadDraft(key: string): Promise<StoredDraft | null> {
  try {
    const record = await (await offlineDb()).get('settings', [DEVICE_OWNER, key]);
    return record && 'content' in record
      ? { content: record.content, savedAt: record.savedAt }
      : null;
  } catch {
    return null;
  }
}

/** Saving is best effort: without IndexedDB the draft lives only in the page. */
export async function storeDraft(key: string, draft: StoredDraft): Promise<void> {
  try {
    await (await offlineDb()).put('settings', { owner: DEVICE_OWNER, key, ...draft });
  } catch {
    // Storage full or disabled.
  }
}

export async function deleteDraft(key: string): Promise<void> {
  try {
    await (await offlineDb()).delete('settings', [DEVICE_OWNER, key]);
  } catch {
    // Nothing stored, nothing to delete.
  }
}
