/**
 * A window for tests in the node environment (which has none): an event target with the
 * runtime config, an origin, a navigator whose connection can be cut, local storage on a map
 * (`clearStorage` empties it) and timers looked up at call time so vitest's fake timers apply.
 * Also English texts for i18next. Test code only; nothing outside *.test.ts files may import it.
 */
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { i18n } from '../i18n';
import { enUS } from '../i18n/en-US';

export function createFakeWindow({ apiBaseUrl, origin }: { apiBaseUrl: string; origin: string }) {
  const stored = new Map<string, string>();
  const window = Object.assign(new EventTarget(), {
    __SHAREBIN_CONFIG__: { apiBaseUrl } as { apiBaseUrl?: string },
    location: { origin },
    navigator: { language: 'en-US', onLine: true },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    setInterval: (handler: () => void, ms: number) => globalThis.setInterval(handler, ms),
    clearInterval: (id: Parameters<typeof clearInterval>[0]) => globalThis.clearInterval(id),
  });
  return { window, clearStorage: () => stored.clear() };
}

/** A fake window for each of the calling file's tests, its storage emptied after each. */
export function installFakeWindow(options: { apiBaseUrl: string; origin: string }) {
  const { window, clearStorage } = createFakeWindow(options);
  beforeEach(() => {
    vi.stubGlobal('window', window);
    window.__SHAREBIN_CONFIG__ = { apiBaseUrl: options.apiBaseUrl };
  });
  afterEach(() => {
    clearStorage();
    vi.unstubAllGlobals();
  });
  return window;
}

/** English texts for the calling file's tests. */
export function withEnglishTexts() {
  beforeAll(async () => {
    await i18n.init({
      resources: { 'en-US': { translation: enUS } },
      lng: 'en-US',
      fallbackLng: 'en-US',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  });
}
