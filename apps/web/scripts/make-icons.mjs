// One-off: renders the app icons in public/ from the header's brand mark (src/app/layout/
// Brand.tsx: Tabler's clipboard-text icon, white, on the indigo.5 → violet.5 gradient) with
// the system Chromium. Run again after changing the brand: `node apps/web/scripts/make-icons.mjs`.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { __iconNode as clipboardText } from '@tabler/icons-react/dist/esm/icons/IconClipboardText.mjs';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
/** Mantine's indigo.5 and violet.5, as in the brand's gradient. */
const GRADIENT = ['#5c7cfa', '#845ef7'];

/**
 * `glyph`: the icon's share of the tile (the brand: 20 of 34 px). `radius`: the corner as a
 * share of the tile; 0 where the platform rounds or masks the icon itself.
 */
const ICONS = [
  { file: 'pwa-192x192.png', size: 192, glyph: 0.6, radius: 0.22 },
  { file: 'pwa-512x512.png', size: 512, glyph: 0.6, radius: 0.22 },
  // Maskable: the platform cuts any shape from the middle 80 %; the glyph stays inside it.
  { file: 'pwa-maskable-512x512.png', size: 512, glyph: 0.5, radius: 0 },
  { file: 'apple-touch-icon-180x180.png', size: 180, glyph: 0.6, radius: 0 },
];

function iconSvg({ size, glyph, radius }) {
  const paths = clipboardText.map(([, attrs]) => `<path d="${attrs.d}"/>`).join('');
  const glyphSize = size * glyph;
  const offset = (size - glyphSize) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${GRADIENT[0]}"/><stop offset="1" stop-color="${GRADIENT[1]}"/>
  </linearGradient></defs>
  <rect width="${size}" height="${size}" rx="${size * radius}" fill="url(#g)"/>
  <svg x="${offset}" y="${offset}" width="${glyphSize}" height="${glyphSize}" viewBox="0 0 24 24"
    fill="none" stroke="#ffffff" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${paths}</svg>
</svg>`;
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${iconSvg(icon)}</body></html>`,
    );
    await writeFile(
      publicDir + icon.file,
      await page.locator('svg').first().screenshot({ omitBackground: true }),
    );
    await page.close();
    console.log(`${icon.file} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
