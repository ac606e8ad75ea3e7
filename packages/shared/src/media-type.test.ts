import { describe, expect, it } from 'vitest';
import { normalizeMediaType } from './media-type';

describe('normalizeMediaType', () => {
  it.each([
    ['image/PNG', 'image/png'],
    ['text/plain; charset=UTF-8', 'text/plain; charset=utf-8'],
    ['text/plain;charset="utf-8"', 'text/plain; charset=utf-8'],
    ['application/json; foo=bar', 'application/json'],
    ['  video/mp4  ', 'video/mp4'],
    ['image/svg+xml', 'image/svg+xml'],
  ])('keeps %s as %s', (input, expected) => {
    expect(normalizeMediaType(input)).toBe(expected);
  });

  it.each([
    ['a list that ends in HTML', 'text/plain; x, text/html'],
    ['two types', 'image/png,text/html'],
    ['no subtype', 'text'],
    ['empty', ''],
    ['missing', undefined],
    ['a script', '<script>'],
  ])('refuses %s', (_name, input) => {
    expect(normalizeMediaType(input)).toBeUndefined();
  });
});
