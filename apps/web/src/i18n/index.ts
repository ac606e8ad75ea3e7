/**
 * How the dictionaries are split. `en-US.ts` is the reference (its shape types every other
 * language, i18next.d.ts types the keys from it) and `zh-CN.ts` mirrors it. The rule:
 * - a domain added since the first release gets its own `<domain>.<lang>.ts` pair (mount
 *   explorer, basket, tasks, pwa + offline, offline cache, dashboard, common, share form,
 *   fs shares), exported as `<domain>EnUS` / `<domain>ZhCN` (typed from the English, e.g.
 *   `Dictionary['<domain>']`) and plugged into its parent (the main files; the basket into
 *   the mount explorer's), so work on one feature does not touch the others' texts;
 * - the app shell and the domains of the first release stay in `en-US.ts` / `zh-CN.ts` until
 *   one of them is reworked, when it moves out the same way;
 * - a domain read only by pages that load on demand (fs shares: the explorer, file management
 *   and /s/{slug}; short links: text management and /l/{slug}; upload requests: the explorer,
 *   file management, the dashboard and /r/{slug}) is a part of its own instead (`TEXT_PARTS`
 *   below): loaded with those pages, never with the first load, and typed as the other keys
 *   (`LazyTexts` in en-US.ts);
 * - a word used in the same role across domains (Delete, Cancel, Name, Size…) is `common.*`,
 *   not a copy per domain; a text that only reads alike in English stays where it is;
 * - the share settings form, shown by pastes, file shares and fs shares alike, keeps its words
 *   once in `shareForm.*`; each domain's `form` holds only what names its own kind of share.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LazyTexts, MainDictionary } from './en-US';
import { initialLanguage, isLanguage, type Language, storeLanguage } from './languages';

/**
 * Each language is a chunk of its own, loaded when it is used: the first load carries only the
 * reader's language (about 18 KB gzip saved on the home route's budget of 300 KB).
 */
const DICTIONARIES: Record<Language, () => Promise<MainDictionary>> = {
  'en-US': () => import('./en-US').then((module) => module.enUS),
  'zh-CN': () => import('./zh-CN').then((module) => module.zhCN),
};

/**
 * Texts only pages loaded on demand read, a chunk per language each: they come with those
 * pages (`withTextPart`), and with every language switched to once one of them was shown.
 */
const TEXT_PARTS = {
  documents: {
    'en-US': () => import('./documents.en-US').then((module) => module.documentsEnUS),
    'zh-CN': () => import('./documents.zh-CN').then((module) => module.documentsZhCN),
  },
  fsShares: {
    'en-US': () => import('./fs-shares.en-US').then((module) => module.fsSharesEnUS),
    'zh-CN': () => import('./fs-shares.zh-CN').then((module) => module.fsSharesZhCN),
  },
  links: {
    'en-US': () => import('./links.en-US').then((module) => module.linksEnUS),
    'zh-CN': () => import('./links.zh-CN').then((module) => module.linksZhCN),
  },
  media: {
    'en-US': () => import('./media.en-US').then((module) => module.mediaEnUS),
    'zh-CN': () => import('./media.zh-CN').then((module) => module.mediaZhCN),
  },
  uploadRequests: {
    'en-US': () => import('./upload-requests.en-US').then((module) => module.uploadRequestsEnUS),
    'zh-CN': () => import('./upload-requests.zh-CN').then((module) => module.uploadRequestsZhCN),
  },
} satisfies Record<keyof LazyTexts, Record<Language, () => Promise<unknown>>>;

export type TextPart = keyof typeof TEXT_PARTS;
const partsInUse = new Set<TextPart>();
const mainLoaded = new Set<Language>();

async function ensurePart(language: Language, part: TextPart): Promise<void> {
  if (i18n.getResource(language, 'translation', part) !== undefined) return;
  const texts = await TEXT_PARTS[part][language]();
  i18n.addResourceBundle(language, 'translation', { [part]: texts }, true, true);
}

async function ensureLoaded(language: Language): Promise<void> {
  if (!mainLoaded.has(language)) {
    i18n.addResourceBundle(language, 'translation', await DICTIONARIES[language](), true, true);
    mainLoaded.add(language);
  }
  await Promise.all([...partsInUse].map((part) => ensurePart(language, part)));
}

/**
 * A page's module once the texts it reads are in, for `lazy()`: the part loads beside the
 * page's chunk, in the reader's language (and in any language chosen later).
 */
export async function withTextPart<T>(page: Promise<T>, part: TextPart): Promise<T> {
  partsInUse.add(part);
  const language = isLanguage(i18n.language) ? i18n.language : initialLanguage();
  const [module] = await Promise.all([page, ensurePart(language, part)]);
  return module;
}

/** Starts i18next with the saved language (or the browser's); the app renders once it is in. */
export async function initI18n(): Promise<typeof i18n> {
  const language = initialLanguage();
  const translation = await DICTIONARIES[language]();
  mainLoaded.add(language);
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
