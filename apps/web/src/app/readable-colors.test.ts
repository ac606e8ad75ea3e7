import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  BACKGROUNDS,
  CONTRAST_LUMINANCE_THRESHOLD,
  contrastRatio,
  cssVariablesResolver,
  DIMMED,
  FILLED_SHADE,
  LIGHT_TINT,
  relativeLuminance,
  tint,
} from './readable-colors';
import { theme } from './theme';

const merged = { ...DEFAULT_THEME, ...theme, colors: DEFAULT_THEME.colors } as typeof DEFAULT_THEME;
const colorNames = Object.keys(DEFAULT_THEME.colors);

describe('readable colours (WCAG AA)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('dimmed text reads on every background of its scheme', () => {
    for (const background of BACKGROUNDS.light) {
      expect(contrastRatio(DIMMED.light, background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
    for (const background of BACKGROUNDS.dark) {
      expect(contrastRatio(DIMMED.dark, background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it('coloured text of the light scheme reads on white, the page and its own light tint', () => {
    const { light } = cssVariablesResolver(merged);
    for (const name of colorNames) {
      const text = light[`--mantine-color-${name}-light-color`] as string;
      const filled = DEFAULT_THEME.colors[name]?.[FILLED_SHADE] as string;
      for (const background of [...BACKGROUNDS.light, tint(filled, LIGHT_TINT, '#ffffff')]) {
        expect(contrastRatio(text, background), `${name} on ${background}`).toBeGreaterThanOrEqual(
          AA_TEXT_CONTRAST,
        );
      }
    }
  });

  it('filled colours get black or white text that reads on them', () => {
    expect(theme.primaryShade).toEqual({ light: FILLED_SHADE, dark: FILLED_SHADE });
    expect(theme.autoContrast).toBe(true);
    expect(theme.luminanceThreshold).toBe(CONTRAST_LUMINANCE_THRESHOLD);
    for (const name of colorNames) {
      const filled = DEFAULT_THEME.colors[name]?.[FILLED_SHADE] as string;
      const text = relativeLuminance(filled) > CONTRAST_LUMINANCE_THRESHOLD ? '#000000' : '#ffffff';
      expect(contrastRatio(text, filled), name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });
});
