import 'i18next';
import type { enUS, LazyTexts } from './en-US';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS & LazyTexts };
  }
}
