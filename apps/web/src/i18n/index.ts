/**
 * How the dictionaries are split. `en-US.ts` is the reference (its shape types every other
 * language, i18next.d.ts types the keys from it) and `zh-CN.ts` mirrors it. The rule:
 * - a domain added since the first release gets its own `<domain>.<lang>.ts` pair (mount
 *   explorer, basket, tasks, pwa + offline, offline cache, dashboard, common), exported as
 *   `<domain>EnUS` / `<domain>ZhCN` (typed from the English, e.g. `Dictionary['<domain>']`)
 *   and plugged into its parent (the main files; the basket into the mount explorer's), so
 *   work on one feature does not touch the others' texts;
 * - the app shell and the domains of the first release stay in `en-US.ts` / `zh-CN.ts` until
 *   one of them is reworked, when it moves out the same way;
 * - a word used in the same role across domains (Delete, Cancel, Name, Size…) is `common.*`,
 *   not a copy per domain; a text that only reads alike in English stays where it is.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Dictionary } from './en-US';
import { initialLanguage, type Language, storeLanguage } from './languages';

/**
 * Each language is a chunk of its own, loaded when it is used: the first load carries only the
 * reader's language (about 18 KB gzip saved on the home route's budget of 300 KB).
 */
const DICTIONARIES: Record<Language, () => Promise<Dictionary>> = {
  'en-US': () => import('./en-US').then((module) => module.enUS),
  'zh-CN': () => import('./zh-CN').then((module) => module.zhCN),
};

async function ensureLoaded(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await DICTIONARIES[language]());
}

/** Starts i18next with the saved language (or the browser's); the app renders once it is in. */
export async function initI18n(): Promise<typeof i18n> {
  const language = initialLanguage();
  const translation = await DICTIONARIES[language]();
  await i18n.use(initReactI18next).init({
    resources: { [language]: { translation } },
    lng: language,
    // Both dictionaries have every key (the type of one is the other's): no fallback to load.
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = language;
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  storeLanguage(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export { i18n };
