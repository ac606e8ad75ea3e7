import { type CSSVariablesResolver, darken, type MantineTheme, toRgba } from '@mantine/core';

/** The strongest tint coloured text sits on: a light button (10 %) in a light alert (10 %). */
export const LIGHT_TINT = 0.25;

/** WCAG AA for body text. */
export const AA_TEXT_CONTRAST = 4.5;

/**
 * Filled buttons and badges take black text on a colour lighter than this, white otherwise:
 * at about 0.18 both give at least 4.5:1, whatever the colour (Mantine's `autoContrast`).
 */
export const CONTRAST_LUMINANCE_THRESHOLD = 0.185;

/** The shade filled colours use, in both schemes (the theme's `primaryShade`). */
export const FILLED_SHADE = 8;

/** Secondary ("dimmed") text: the darkest of Mantine's greys that still reads as secondary. */
export const DIMMED = { light: '#5c636a', dark: '#a6a6a6' } as const;

/** The backgrounds text sits on: the page, cards, and (in dark) the raised surfaces. */
export const BACKGROUNDS = {
  light: ['#ffffff', '#f8f9fa', '#f1f3f5'],
  dark: ['#1f1f1f', '#242424', '#2e2e2e', '#3b3b3b'],
} as const;

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of a CSS colour (hex or rgb[a]; alpha ignored). */
export function relativeLuminance(color: string): number {
  const { r, g, b } = toRgba(color);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** `color` at `amount` (0–1) over `background`, as an opaque colour. */
export function tint(color: string, amount: number, background: string): string {
  const fg = toRgba(color);
  const bg = toRgba(background);
  const mix = (f: number, b: number) => Math.round(f * amount + b * (1 - amount));
  return `rgb(${mix(fg.r, bg.r)}, ${mix(fg.g, bg.g)}, ${mix(fg.b, bg.b)})`;
}

/** `color`, darkened in small steps until it reads at AA on every one of `backgrounds`. */
export function readableOn(color: string, backgrounds: readonly string[]): string {
  let candidate = color;
  for (let step = 1; step <= 20; step += 1) {
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= AA_TEXT_CONTRAST))
      return candidate;
    candidate = darken(color, step * 0.05);
  }
  return candidate;
}

/**
 * Text colours that pass WCAG AA. Light scheme: coloured text (links, `c="red"`, light and
 * outline variants) is each colour's filled shade, darkened where it would not read on white
 * or on its own light tint (teal, green, orange… are too light at every shade of the default
 * palette). Both schemes: a darker (light) or lighter (dark) dimmed text than Mantine's.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme: MantineTheme) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': DIMMED.light };
  for (const [name, colors] of Object.entries(theme.colors)) {
    const filled = colors[FILLED_SHADE];
    if (!filled) continue;
    // The light variant's background is the filled colour at 10 % (12 % when hovered), and a
    // light button in a light alert of its colour sits on about twice that.
    const readable = readableOn(filled, [
      ...BACKGROUNDS.light,
      tint(filled, LIGHT_TINT, '#ffffff'),
    ]);
    light[`--mantine-color-${name}-text`] = readable;
    light[`--mantine-color-${name}-light-color`] = readable;
    light[`--mantine-color-${name}-outline`] = readable;
  }
  return { variables: {}, light, dark: { '--mantine-color-dimmed': DIMMED.dark } };
};
