import { STORAGE_KEYS } from '@sharebin/shared';
import { readPreference, writePreference } from '../app/preferences';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Chinese browsers get zh-CN, everyone else en-US (SPEC §9). */
export function languageFromBrowser(browserLanguage: string | undefined): Language {
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en-US';
}

/** The saved language: `{value, savedAt}`, or the bare code older versions stored. */
export function readStoredLanguage(): Language | null {
  return readPreference(STORAGE_KEYS.language, isLanguage)?.value ?? null;
}

export function storeLanguage(language: Language): void {
  writePreference(STORAGE_KEYS.language, language);
}

export function initialLanguage(): Language {
  return readStoredLanguage() ?? languageFromBrowser(window.navigator.language);
}
