import { describe, expect, it } from 'vitest';
import { isRelativeReference, referencePath } from './markdown.references';

const DOC = '/m/docs/notes/readme.md';

describe('isRelativeReference', () => {
  it.each(['pic.png', './pic.png', '../media/sunset.png', 'sub/', 'a%20b.md', 'x.md#top'])(
    '%s is relative',
    (reference) => expect(isRelativeReference(reference)).toBe(true),
  );
  it.each([
    'https://example.com/a.png',
    'http://x',
    'mailto:someone@example.com',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//cdn.example.com/a.png',
    '/rooted/path.png',
    '#anchor',
    '?query',
    '',
  ])('%s is not', (reference) => expect(isRelativeReference(reference)).toBe(false));
});

describe('referencePath', () => {
  it('resolves against the document folder', () => {
    expect(referencePath(DOC, '../media/sunset.png')).toEqual({
      path: '/m/docs/media/sunset.png',
      folder: false,
      suffix: '',
    });
    expect(referencePath(DOC, 'other.md')?.path).toBe('/m/docs/notes/other.md');
    expect(referencePath(DOC, './a/./b/../c.txt')?.path).toBe('/m/docs/notes/a/c.txt');
  });

  it('says when a folder is meant', () => {
    expect(referencePath(DOC, '../media/')).toEqual({
      path: '/m/docs/media',
      folder: true,
      suffix: '',
    });
    expect(referencePath(DOC, './')?.path).toBe('/m/docs/notes');
  });

  it('decodes names once, and keeps the query and fragment apart', () => {
    expect(referencePath(DOC, 'my%20notes%20%E4%B8%AD%E6%96%87.md?v=2#part-1')).toEqual({
      path: '/m/docs/notes/my notes 中文.md',
      folder: false,
      suffix: '?v=2#part-1',
    });
    expect(referencePath(DOC, 'a%2525.md')?.path).toBe('/m/docs/notes/a%25.md');
    expect(referencePath(DOC, 'page.md#')?.suffix).toBe('#');
  });

  it('refuses what would name another path than written', () => {
    expect(referencePath(DOC, 'a%2Fb.md')).toBeNull();
    expect(referencePath(DOC, 'a%00.md')).toBeNull();
    expect(referencePath(DOC, 'bad%E0.md')).toBeNull();
    expect(referencePath(DOC, '#only-anchor')).toBeNull();
    expect(referencePath(DOC, 'https://example.com/x.md')).toBeNull();
  });

  it('never goes above the root', () => {
    expect(referencePath(DOC, '../../../../etc/passwd')).toBeNull();
    expect(referencePath(DOC, '../../../')).toEqual({ path: '/', folder: true, suffix: '' });
    expect(referencePath(DOC, '../../x.md', '/m/docs')).toBeNull();
    expect(referencePath(DOC, '../x.md', '/m/docs')?.path).toBe('/m/docs/x.md');
    expect(referencePath(DOC, '../a/../../x.md', '/m/docs')).toBeNull();
    // A document outside the root resolves nothing.
    expect(referencePath('/other/readme.md', 'x.md', '/m/docs')).toBeNull();
  });
});
