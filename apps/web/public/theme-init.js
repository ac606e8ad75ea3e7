// Sets the colour scheme before the app loads so a dark theme does not flash white.
// Mirrors the web app's theme preference (localStorage key "themeMode": {"value", "savedAt"},
// or the bare auto, light or dark that older versions stored; src/app/preferences.ts).
(() => {
  const MODES = ['auto', 'light', 'dark'];
  let mode = 'auto';
  try {
    const stored = window.localStorage.getItem('themeMode');
    if (MODES.includes(stored)) {
      mode = stored;
    } else if (stored) {
      const parsed = JSON.parse(stored);
      const value = parsed && typeof parsed === 'object' ? parsed.value : parsed;
      if (MODES.includes(value)) mode = value;
    }
  } catch {
    // Storage unavailable (private mode) or unreadable: fall back to auto.
  }
  const dark =
    mode === 'dark' ||
    (mode === 'auto' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
