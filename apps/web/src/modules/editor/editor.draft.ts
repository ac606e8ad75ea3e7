import { DRAFT_AUTOSAVE_MS, DRAFT_VALID_MS, STORAGE_KEYS } from '@sharebin/shared';
import { useEffect, useRef, useState } from 'react';
import {
  deleteDraft,
  loadDraft,
  MARKDOWN_DRAFT_KEY,
  type StoredDraft,
  storeDraft,
} from '../../pwa/offline-drafts';

/** The editor's draft in the offline database (SPEC §3 cached drafts, §4 Markdown draft). */
export type Draft = StoredDraft;

function parseLegacyDraft(raw: string | null): Draft | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { content, savedAt } = value as Record<string, unknown>;
    const time = typeof savedAt === 'string' ? Date.parse(savedAt) : savedAt;
    if (typeof content !== 'string' || typeof time !== 'number' || Number.isNaN(time)) return null;
    return { content, savedAt: time };
  } catch {
    return null;
  }
}

/** Older builds kept the draft in local storage: it moves to the offline database once. */
async function moveLegacyDraft(): Promise<void> {
  let legacy: Draft | null;
  try {
    legacy = parseLegacyDraft(window.localStorage.getItem(STORAGE_KEYS.markdownDraft));
  } catch {
    return;
  }
  const current = legacy && (await loadDraft(MARKDOWN_DRAFT_KEY));
  if (legacy && (!current || current.savedAt < legacy.savedAt)) {
    await storeDraft(MARKDOWN_DRAFT_KEY, legacy);
  }
  // Only once it is stored: a page closed halfway moves it next time instead of losing it.
  try {
    window.localStorage.removeItem(STORAGE_KEYS.markdownDraft);
  } catch {
    // Local storage disabled: nothing to remove.
  }
}

let legacyMoved: Promise<void> | null = null;

/** The stored draft if it is worth offering: not empty and under 24 hours old. */
async function readDraft(now = Date.now()): Promise<Draft | null> {
  // Once per page: a second editor (StrictMode mounts twice) waits for the same move.
  legacyMoved ??= moveLegacyDraft();
  await legacyMoved;
  const draft = await loadDraft(MARKDOWN_DRAFT_KEY);
  if (!draft) return null;
  if (draft.content.trim() === '' || now - draft.savedAt >= DRAFT_VALID_MS) {
    await deleteDraft(MARKDOWN_DRAFT_KEY);
    return null;
  }
  return draft;
}

/**
 * The editor's draft (SPEC §4): the one found at load is offered until restored or discarded;
 * meanwhile the content is saved every 30 seconds when it is not empty and has changed. No
 * saves before the stored draft is read, nor while an offer is open: they would overwrite it.
 */
export function useDraft(content: string) {
  const [loaded, setLoaded] = useState(false);
  const [offer, setOffer] = useState<Draft | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const latest = useRef(content);
  latest.current = content;
  const lastSaved = useRef<string | null>(null);
  const paused = !loaded || offer !== null;

  useEffect(() => {
    let current = true;
    void readDraft().then((draft) => {
      if (!current) return;
      setOffer(draft);
      setLoaded(true);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => {
      const current = latest.current;
      if (current.trim() === '' || current === lastSaved.current) return;
      const now = Date.now();
      void storeDraft(MARKDOWN_DRAFT_KEY, { content: current, savedAt: now });
      lastSaved.current = current;
      setSavedAt(now);
    }, DRAFT_AUTOSAVE_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  return {
    /** The stored draft waiting for a decision. */
    offer,
    /** When the content was last saved, in epoch milliseconds. */
    savedAt,
    /** Closes the offer; the caller puts `offer.content` in the editor. */
    accept: () => {
      // Unchanged, the restored draft is not saved again (its age stays what it is).
      lastSaved.current = offer?.content ?? null;
      setOffer(null);
    },
    discard: () => {
      void deleteDraft(MARKDOWN_DRAFT_KEY);
      setOffer(null);
    },
    /** After the content was shared: no draft is kept. */
    clear: () => {
      void deleteDraft(MARKDOWN_DRAFT_KEY);
      setOffer(null);
      lastSaved.current = null;
      setSavedAt(null);
    },
  };
}
