/**
 * Preferences in local storage, saved as `{value, savedAt}` (SPEC §3). Older versions stored
 * the bare value (`dark`, `zh-CN`), which is still read, with no known save time.
 */
export interface StoredPreference<T> {
  value: T;
  savedAt: number | null;
}

export function parsePreference<T>(
  raw: string | null,
  isValue: (value: unknown) => value is T,
): StoredPreference<T> | null {
  if (raw === null) return null;
  if (isValue(raw)) return { value: raw, savedAt: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (isValue(parsed)) return { value: parsed, savedAt: null };
  if (typeof parsed !== 'object' || parsed === null || !('value' in parsed)) return null;
  const { value, savedAt } = parsed as { value: unknown; savedAt?: unknown };
  if (!isValue(value)) return null;
  return { value, savedAt: typeof savedAt === 'number' ? savedAt : null };
}

export function serializePreference<T>(value: T, now: number): string {
  return JSON.stringify({ value, savedAt: now } satisfies StoredPreference<T>);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readPreference<T>(
  key: string,
  isValue: (value: unknown) => value is T,
): StoredPreference<T> | null {
  try {
    return parsePreference(storage()?.getItem(key) ?? null, isValue);
  } catch {
    return null;
  }
}

export function writePreference<T>(key: string, value: T, now = Date.now()): void {
  try {
    storage()?.setItem(key, serializePreference(value, now));
  } catch {
    // Storage may be unavailable (private mode, full): the choice then lasts for this visit.
  }
}

export function removePreference(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}
