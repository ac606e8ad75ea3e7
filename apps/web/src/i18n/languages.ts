import { STORAGE_KEYS } from '@sharebin/shared';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Chinese browsers get zh-CN, everyone else en-US (SPEC §9). */
export function languageFromBrowser(browserLanguage: string | undefined): Language {
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

export function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Storage may be unavailable; the choice then lasts for this visit only.
  }
}

export function initialLanguage(): Language {
  return readStoredLanguage() ?? languageFromBrowser(window.navigator.language);
}
