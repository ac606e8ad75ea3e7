import { describe, expect, it } from 'vitest';
import { isActiveContent, normalizeMediaType, servedMediaType } from './media-type';

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

describe('isActiveContent', () => {
  it.each([
    'image/png',
    'image/jpeg',
    'video/mp4',
    'video/x-matroska',
    'audio/mpeg',
    'application/pdf',
    'text/plain; charset=utf-8',
    'application/json',
  ])('lets %s show inline', (type) => {
    expect(isActiveContent(type)).toBe(false);
  });

  it.each([
    'image/png+xml',
    'image/pngx',
    'video/x+xml',
    'audio/x+xml',
    'application/pdfx',
    'text/plain+xml',
    'application/json+html',
    'image/svg+xml',
    'text/html',
    'application/x-unknown',
  ])('sandboxes %s', (type) => {
    expect(isActiveContent(type)).toBe(true);
  });
});

describe('servedMediaType', () => {
  it.each([
    ['text/plain', 'text/plain; charset=utf-8'],
    ['text/markdown', 'text/markdown; charset=utf-8'],
    ['text/plain; charset=iso-8859-1', 'text/plain; charset=iso-8859-1'],
    ['image/png', 'image/png'],
    ['application/json', 'application/json'],
  ])('serves %s as %s', (type, served) => {
    expect(servedMediaType(type)).toBe(served);
  });
});
