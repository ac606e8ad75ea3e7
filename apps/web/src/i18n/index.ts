import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from './en-US';
import { initialLanguage, type Language, storeLanguage } from './languages';
import { zhCN } from './zh-CN';

export const resources = {
  'en-US': { translation: enUS },
  'zh-CN': { translation: zhCN },
} as const;

/** Starts i18next with the saved language (or the browser's) before the first render. */
export function initI18n(): typeof i18n {
  const language = initialLanguage();
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en-US',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = language;
  return i18n;
}

export function changeLanguage(language: Language): void {
  storeLanguage(language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

export { i18n };
