import { DRAFT_AUTOSAVE_MS, DRAFT_VALID_MS, STORAGE_KEYS } from '@sharebin/shared';
import { useEffect, useRef, useState } from 'react';

/** The editor's draft in local storage (SPEC §3 cached drafts, §4 Markdown draft). */
export interface Draft {
  content: string;
  /** Epoch milliseconds. */
  savedAt: number;
}

function parseDraft(raw: string | null): Draft | null {
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

function clearDraft(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.markdownDraft);
  } catch {
    // Storage unavailable: there is no draft to clear.
  }
}

/** The stored draft if it is worth offering: not empty and under 24 hours old. */
function readDraft(now = Date.now()): Draft | null {
  let draft: Draft | null;
  try {
    draft = parseDraft(window.localStorage.getItem(STORAGE_KEYS.markdownDraft));
  } catch {
    return null;
  }
  if (!draft || draft.content.trim() === '' || now - draft.savedAt >= DRAFT_VALID_MS) {
    clearDraft();
    return null;
  }
  return draft;
}

function saveDraft(content: string, now = Date.now()): void {
  try {
    window.localStorage.setItem(
      STORAGE_KEYS.markdownDraft,
      JSON.stringify({ content, savedAt: now } satisfies Draft),
    );
  } catch {
    // Storage full or disabled: the draft lives only in the page.
  }
}

/**
 * The editor's draft (SPEC §4): the one found at load is offered until restored or discarded;
 * meanwhile the content is saved every 30 seconds when it is not empty and has changed. No
 * saves while an offer is open, as they would overwrite the draft on offer.
 */
export function useDraft(content: string) {
  const [offer, setOffer] = useState<Draft | null>(() => readDraft());
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const latest = useRef(content);
  latest.current = content;
  const lastSaved = useRef<string | null>(null);
  const paused = offer !== null;

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => {
      const current = latest.current;
      if (current.trim() === '' || current === lastSaved.current) return;
      const now = Date.now();
      saveDraft(current, now);
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
      clearDraft();
      setOffer(null);
    },
    /** After the content was shared: no draft is kept. */
    clear: () => {
      clearDraft();
      setOffer(null);
      lastSaved.current = null;
      setSavedAt(null);
    },
  };
}
