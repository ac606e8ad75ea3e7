// Sets the colour scheme before the app loads so a dark theme does not flash white.
// Mirrors the web app's theme store (localStorage key "themeMode": auto, light or dark).
(() => {
  let mode = 'auto';
  try {
    const stored = window.localStorage.getItem('themeMode');
    if (stored === 'light' || stored === 'dark' || stored === 'auto') mode = stored;
  } catch {
    // Storage may be unavailable (private mode); fall back to auto.
  }
  const dark =
    mode === 'dark' ||
    (mode === 'auto' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
