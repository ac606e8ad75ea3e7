import { describe, expect, it } from 'vitest';
import {
  decodeUrlPath,
  isPathWithin,
  joinPath,
  NAME_MAX_BYTES,
  normalizePath,
  overlongName,
  PathError,
} from './paths';

describe('normalizePath', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['//', '/'],
    ['///', '/'],
    ['a', '/a'],
    ['/a', '/a'],
    ['/a/', '/a'],
    ['/a//', '/a'],
    ['a/b/', '/a/b'],
    ['//a//b//', '/a/b'],
    ['/a///b////c', '/a/b/c'],
  ])('collapses slashes and trims the trailing one: %j -> %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it.each([
    ['.', '/'],
    ['/.', '/'],
    ['/./', '/'],
    ['./a', '/a'],
    ['/a/.', '/a'],
    ['/a/./b', '/a/b'],
    ['/a/././b/.', '/a/b'],
  ])('drops "." segments: %j -> %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it.each([
    ['...', '/...'],
    ['/a/.../b', '/a/.../b'],
    ['/a..', '/a..'],
    ['/..a', '/..a'],
    ['/a/b..c', '/a/b..c'],
    ['/.hidden', '/.hidden'],
  ])('keeps segments that merely contain dots: %j -> %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it.each([
    '..',
    '/..',
    '../',
    '/../',
    '../a',
    '/../a',
    '/a/..',
    '/a/../',
    '/a/../b',
    '/a/b/../../c',
    '//..//a',
    '/./../a',
    '\\..',
    '/a\\..\\b',
  ])('rejects a raw ".." segment: %j', (input) => {
    expect(() => normalizePath(input)).toThrow(PathError);
  });

  it.each(['\0', '/a\0', '/a\0b', '/\0/a'])('rejects NUL: %j', (input) => {
    expect(() => normalizePath(input)).toThrow(PathError);
  });

  it.each([
    ['\\', '/'],
    ['\\a', '/a'],
    ['a\\b', '/a/b'],
    ['\\a\\b\\', '/a/b'],
    ['/a\\\\b', '/a/b'],
    ['\\\\server\\share', '/server/share'],
    ['/a\\.\\b', '/a/b'],
  ])('treats backslash as a separator: %j -> %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it.each([
    ['/文档/报告', '/文档/报告'],
    ['//照片//2024//', '/照片/2024'],
    ['/café/naïve', '/café/naïve'],
    ['/emoji/😀', '/emoji/😀'],
    ['/日本語/./ファイル', '/日本語/ファイル'],
  ])('keeps unicode segments: %j -> %j', (input, expected) => {
    expect(normalizePath(input)).toBe(expected);
  });

  it.each([
    '/100%.txt',
    '/a%20b.txt',
    '/%2e%2e',
    '/%25',
    '/a+b',
    '/report#.txt',
    '/what?.txt',
    '/%',
    '/%zz',
  ])('keeps percent signs and other characters as they are: %j', (input) => {
    expect(normalizePath(input)).toBe(input);
  });

  it('accepts input of exactly 4096 characters', () => {
    const input = `/${'a'.repeat(4095)}`;
    expect(normalizePath(input)).toBe(input);
  });

  it('rejects input longer than 4096 characters', () => {
    expect(() => normalizePath(`/${'a'.repeat(4096)}`)).toThrow(PathError);
  });

  it('throws a PathError carrying the path.invalid code', () => {
    let caught: unknown;
    try {
      normalizePath('/a/../b');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PathError);
    expect(caught).toBeInstanceOf(Error);
    expect((caught as PathError).code).toBe('path.invalid');
    expect((caught as PathError).name).toBe('PathError');
  });

  it('is idempotent on its own output for plain paths', () => {
    for (const input of ['/', '//a//b/', '/a/./b', '\\x\\y', '/文档/报告']) {
      const once = normalizePath(input);
      expect(normalizePath(once)).toBe(once);
    }
  });
});

describe('decodeUrlPath', () => {
  it.each([
    ['/%2e/a', '/a'],
    ['/a/%2E', '/a'],
    ['/a/%2e%2ex', '/a/..x'],
    ['/a%5cb', '/a/b'],
    ['/a%5Cb%5c', '/a/b'],
    ['/%E6%96%87%E6%A1%A3/%E6%8A%A5%E5%91%8A/', '/文档/报告'],
    ['/caf%C3%A9', '/café'],
    ['/%F0%9F%98%80', '/😀'],
  ])('decodes, then normalises: %j -> %j', (input, expected) => {
    expect(decodeUrlPath(input)).toBe(expected);
  });

  it.each(['%00', '/a%00', '/a%00b', '/a/%00/b'])('rejects an encoded NUL: %j', (input) => {
    expect(() => decodeUrlPath(input)).toThrow(PathError);
  });

  it.each([
    '%2e%2e',
    '/%2e%2e',
    '/%2E%2E/a',
    '/%2E%2e',
    '/%2e%2E/a',
    '/a/%2e%2e',
    '/a/.%2e/b',
    '/a/%2e./b',
    '..%2f',
    '/a/..%2fb',
    '/a/..%2Fb',
    '/a%2f..%2fb',
    '/a/..%5cb',
    '/a%5c..%5cb',
    '%2f%2e%2e%2f',
  ])('rejects a percent-encoded ".." segment: %j', (input) => {
    expect(() => decodeUrlPath(input)).toThrow(PathError);
  });

  it.each([
    ['/%252e%252e', '/%2e%2e'],
    ['/a/%252e%252e/b', '/a/%2e%2e/b'],
    ['/a/%252E%252E', '/a/%2E%2E'],
    ['/a/..%252fb', '/a/..%2fb'],
    ['/%2500', '/%00'],
    ['/a%252fb', '/a%2fb'],
  ])('decodes double-encoded input only once: %j -> %j', (input, expected) => {
    expect(decodeUrlPath(input)).toBe(expected);
  });

  it('decodes once: the decoded path is a literal for every later step', () => {
    // Decoding again would reveal `..`; the normaliser of decoded paths keeps it as it is.
    expect(normalizePath(decodeUrlPath('/%252e%252e'))).toBe('/%2e%2e');
  });

  it.each([
    '%',
    '/a%',
    '/a%2',
    '/a%zz',
    '/a%g0',
    '/100%/b',
    '/%E4%B8',
    '/%ED%A0%80',
    '/%C0%AE%C0%AE',
  ])('rejects malformed percent-encoding: %j', (input) => {
    expect(() => decodeUrlPath(input)).toThrow(PathError);
  });

  it.each([
    ['/a%20b', '/a b'],
    ['/a b', '/a b'],
    ['/a+b', '/a+b'],
    ['/a%2Bb', '/a+b'],
    ['/a%2fb', '/a/b'],
    ['/a%2F%2Fb', '/a/b'],
    ['/report%23.txt', '/report#.txt'],
    ['/50%25', '/50%'],
  ])('decodes other escapes once: %j -> %j', (input, expected) => {
    expect(decodeUrlPath(input)).toBe(expected);
  });

  it('measures the limit on the raw input, not the decoded one', () => {
    // 4097 raw characters that would decode to fewer are still rejected.
    expect(() => decodeUrlPath(`/${'%20'.repeat(1365)}a`)).toThrow(PathError);
  });
});

describe('overlongName', () => {
  it('finds a name longer than NAME_MAX_BYTES in UTF-8 bytes', () => {
    expect(overlongName(`/a/${'x'.repeat(NAME_MAX_BYTES)}`)).toBeUndefined();
    expect(overlongName(`/a/${'x'.repeat(NAME_MAX_BYTES + 1)}/b`)).toBe('x'.repeat(256));
    // 86 CJK characters are 258 bytes.
    expect(overlongName(`/${'文'.repeat(86)}`)).toBe('文'.repeat(86));
    expect(overlongName(`/${'文'.repeat(85)}`)).toBeUndefined();
  });
});

describe('isPathWithin', () => {
  it.each([
    ['/a', '/a', true],
    ['/a', '/a/', true],
    ['/a/', '/a', true],
    ['/a', '/a/b', true],
    ['/a', '/a/b/c', true],
    ['/a/b', '/a/b/c', true],
    ['/a', '/ab', false],
    ['/a', '/ab/c', false],
    ['/ab', '/a', false],
    ['/a/b', '/a', false],
    ['/a/b', '/a/bc', false],
    ['/a', '/b', false],
    ['/a', '/', false],
    ['/a/b', '/a/c/b', false],
  ])('compares whole segments: base %j, path %j -> %s', (base, path, expected) => {
    expect(isPathWithin(base, path)).toBe(expected);
  });

  it.each(['/', '/a', '/a/b/c', '/文档', ''])('base "/" contains %j', (path) => {
    expect(isPathWithin('/', path)).toBe(true);
  });

  it.each([
    ['', '/x'],
    ['//', '/x'],
    ['\\', '/x'],
    ['/.', '/x'],
  ])('an empty-looking base %j normalises to "/" and contains everything', (base, path) => {
    expect(isPathWithin(base, path)).toBe(true);
  });

  it.each([
    ['a', '/a/b', true],
    ['//a//', '/a/b', true],
    ['/a/./b/', '/a/b/c', true],
    ['\\a\\b', '/a/b/c', true],
    ['//a//', '/ab', false],
    ['a/', 'ab', false],
  ])('normalises the base first: base %j, path %j -> %s', (base, path, expected) => {
    expect(isPathWithin(base, path)).toBe(expected);
  });

  it.each([
    ['/a', 'a//b', true],
    ['/a', '/a/./b/', true],
    ['/a', '\\a\\b', true],
    ['/a/b', '/a//b', true],
    ['/a/b', '/a/./b', true],
  ])('normalises the path first: base %j, path %j -> %s', (base, path, expected) => {
    expect(isPathWithin(base, path)).toBe(expected);
  });

  it.each([
    ['/a', '/a/../b'],
    ['/', '/..'],
    ['/', '/a\0'],
    ['/a/..', '/a'],
    ['/a', `/a/${'x'.repeat(4096)}`],
  ])('is false when either side is invalid: base %j, path %j', (base, path) => {
    expect(isPathWithin(base, path)).toBe(false);
  });

  it('takes percent signs literally: an encoded traversal is a name inside the base', () => {
    expect(isPathWithin('/a', '/a/%2e%2e')).toBe(true);
    expect(isPathWithin('/a', '/a%2fb')).toBe(false);
    expect(isPathWithin('/100%', '/100%/x')).toBe(true);
  });
});

describe('joinPath', () => {
  it.each<[string[], string]>([
    [[], '/'],
    [[''], '/'],
    [['/'], '/'],
    [['/', '/'], '/'],
    [['a'], '/a'],
    [['a', 'b'], '/a/b'],
    [['/a/', '/b/'], '/a/b'],
    [['/a', '', 'b'], '/a/b'],
    [['/a//', '//b', 'c/'], '/a/b/c'],
    [['/a', '.', 'b'], '/a/b'],
    [['/a', 'b/c', 'd'], '/a/b/c/d'],
    [['\\a', 'b\\c'], '/a/b/c'],
    [['/文档', '报告.txt'], '/文档/报告.txt'],
  ])('joins %j -> %j', (parts, expected) => {
    expect(joinPath(...parts)).toBe(expected);
  });

  it.each<[string[]]>([[['/a', '..']], [['/a', '../b']], [['/a', 'b\0']]])(
    'rejects what normalizePath rejects: %j',
    (parts) => {
      expect(() => joinPath(...parts)).toThrow(PathError);
    },
  );

  it('does not form ".." across part boundaries', () => {
    // Two "." parts stay two separate segments once joined with "/".
    expect(joinPath('/a', '.', '.', 'b')).toBe('/a/b');
  });

  it('never decodes: names with percent signs stay as they are', () => {
    expect(joinPath('/a', '%2e%2e')).toBe('/a/%2e%2e');
    expect(joinPath('/a', '100%')).toBe('/a/100%');
  });
});
