import { createTheme, type MantineColorSchemeManager, rem } from '@mantine/core';
import { STORAGE_KEYS } from '@sharebin/shared';
import { parsePreference, readPreference, removePreference, writePreference } from './preferences';
import { CONTRAST_LUMINANCE_THRESHOLD, FILLED_SHADE } from './readable-colors';

/** Theme modes cycle auto → light → dark → auto (SPEC §4), saved under `themeMode`. */
export const THEME_MODES = ['auto', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export function nextThemeMode(mode: ThemeMode): ThemeMode {
  const index = THEME_MODES.indexOf(mode);
  return THEME_MODES[(index + 1) % THEME_MODES.length] ?? 'auto';
}

export const isThemeMode = (value: unknown): value is ThemeMode =>
  typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);

/**
 * Mantine's colour scheme kept as a preference with its save time (SPEC §3); another tab's
 * change applies here too. public/theme-init.js reads the same key before the first paint.
 */
function createThemeModeManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) =>
      readPreference(STORAGE_KEYS.themeMode, isThemeMode)?.value ?? defaultValue,
    set: (value) => writePreference(STORAGE_KEYS.themeMode, value),
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.storageArea !== window.localStorage || event.key !== STORAGE_KEYS.themeMode) {
          return;
        }
        const stored = parsePreference(event.newValue, isThemeMode);
        if (stored) onUpdate(stored.value);
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
      onStorage = null;
    },
    clear: () => removePreference(STORAGE_KEYS.themeMode),
  };
}

export const colorSchemeManager = createThemeModeManager();

const systemFonts =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG AA: white text on a shade-6 fill reads at about 4.3:1 (indigo) or less; shade 8 with
  // black-or-white text by luminance reads at 4.5:1 or more on every colour. In dark mode the
  // light variants' text is this shade minus 5: 8 gives readable tints.
  primaryShade: { light: FILLED_SHADE, dark: FILLED_SHADE },
  autoContrast: true,
  luminanceThreshold: CONTRAST_LUMINANCE_THRESHOLD,
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: systemFonts,
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace',
  headings: {
    fontFamily: systemFonts,
    fontWeight: '700',
    sizes: {
      h1: { fontSize: rem(40), lineHeight: '1.15' },
      h2: { fontSize: rem(26), lineHeight: '1.25' },
      h3: { fontSize: rem(20), lineHeight: '1.3' },
    },
  },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Modal: { defaultProps: { radius: 'lg', centered: true, overlayProps: { blur: 2 } } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 200 } },
    Badge: { defaultProps: { radius: 'sm' } },
    // Without an explicit size PasswordInput's inner input misses --input-fz and renders larger
    // text than the other inputs (Mantine 8.3).
    PasswordInput: { defaultProps: { size: 'sm' } },
  },
});
