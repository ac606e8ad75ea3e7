import { describe, expect, it } from 'vitest';
import {
  baseName,
  breadcrumbs,
  childPath,
  explorerHref,
  extractionTarget,
  foldersContaining,
  guardRedirect,
  isArchiveName,
  nameProblem,
  parentPath,
  pathFromLocation,
  uploadFolderFor,
  webDavAddress,
} from './explorer.paths';

describe('explorer paths', () => {
  it('reads the virtual path from an encoded location, decoding once', () => {
    expect(pathFromLocation('/mount-explorer')).toBe('/');
    expect(pathFromLocation('/mount-explorer/')).toBe('/');
    expect(pathFromLocation('/mount-explorer/docs/My%20Files')).toBe('/docs/My Files');
    expect(pathFromLocation('/mount-explorer/docs//a/')).toBe('/docs/a');
    // A name holding "%25" stays "%" once decoded, never decoded again.
    expect(pathFromLocation('/mount-explorer/a/100%2525')).toBe('/a/100%25');
  });

  it('refuses parent segments and NUL in the location', () => {
    expect(pathFromLocation('/mount-explorer/docs/%2e%2e/etc')).toBeNull();
    expect(pathFromLocation('/mount-explorer/a%00b')).toBeNull();
  });

  it('builds addresses that read back to the same path', () => {
    for (const path of ['/', '/docs', '/docs/My Files/a#b?c', '/文档/报告 1', '/a/100%']) {
      const href = explorerHref(path);
      expect(pathFromLocation(new URL(href, 'http://x').pathname)).toBe(path);
    }
    expect(explorerHref('/docs', 'a b.txt')).toBe('/mount-explorer/docs?preview=a+b.txt');
    expect(explorerHref('/')).toBe('/mount-explorer');
  });

  it('lists breadcrumbs from the root down', () => {
    expect(breadcrumbs('/')).toEqual([{ name: '', path: '/', reachable: true }]);
    expect(breadcrumbs('/docs/reports/2026')).toEqual([
      { name: '', path: '/', reachable: true },
      { name: 'docs', path: '/docs', reachable: true },
      { name: 'reports', path: '/docs/reports', reachable: true },
      { name: '2026', path: '/docs/reports/2026', reachable: true },
    ]);
  });

  it('marks the folders above a base path as not reachable: the guard sends them back', () => {
    expect(
      breadcrumbs('/docs/cadtest/a', '/docs/cadtest').map(({ path, reachable }) => [
        path,
        reachable,
      ]),
    ).toEqual([
      ['/', false],
      ['/docs', false],
      ['/docs/cadtest', true],
      ['/docs/cadtest/a', true],
    ]);
    // Whole segments: /docs/cadtest-old is not within /docs/cadtest.
    expect(breadcrumbs('/docs/cadtest-old', '/docs/cadtest/').at(-1)?.reachable).toBe(false);
  });

  it('puts the WebDAV address beside the API', () => {
    expect(webDavAddress('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787/dav/');
    expect(webDavAddress('https://files.example.com/')).toBe('https://files.example.com/dav/');
  });

  it('splits and joins paths', () => {
    expect(parentPath('/docs/a.txt')).toBe('/docs');
    expect(parentPath('/docs')).toBe('/');
    expect(parentPath('/')).toBe('/');
    expect(baseName('/docs/a.txt')).toBe('a.txt');
    expect(childPath('/', 'docs')).toBe('/docs');
    expect(childPath('/docs', 'a.txt')).toBe('/docs/a.txt');
  });

  it('refuses empty, separator, dot and taken names', () => {
    expect(nameProblem('  ')).toBe('empty');
    expect(nameProblem('a/b')).toBe('slash');
    expect(nameProblem('a\\b')).toBe('slash');
    expect(nameProblem('..')).toBe('dots');
    expect(nameProblem('.')).toBe('dots');
    expect(nameProblem('a.txt', ['a.txt'])).toBe('taken');
    expect(nameProblem(' report.pdf ', ['a.txt'])).toBeNull();
  });

  it('finds source folders the target lies in (SPEC §5 copy into itself)', () => {
    const sources = [
      { path: '/docs/photos', is_directory: true },
      { path: '/docs/photos-old', is_directory: true },
      { path: '/docs/a.txt', is_directory: false },
    ];
    expect(foldersContaining(sources, '/docs/photos')).toEqual(['/docs/photos']);
    expect(foldersContaining(sources, '/docs/photos/2026/may')).toEqual(['/docs/photos']);
    // Whole segments: /docs/photos-old is not inside /docs/photos.
    expect(foldersContaining(sources.slice(0, 1), '/docs/photos-old')).toEqual([]);
    expect(foldersContaining(sources, '/docs')).toEqual([]);
    // A file "containing" a path is not a folder copy.
    expect(foldersContaining(sources, '/docs/a.txt/x')).toEqual([]);
  });

  it('sends a key outside its base path to its base path (SPEC §2)', () => {
    expect(guardRedirect('/docs/a', '/docs')).toBeNull();
    expect(guardRedirect('/docs', '/docs/')).toBeNull();
    expect(guardRedirect('/', '/docs')).toBe('/docs');
    expect(guardRedirect('/docs2', '/docs')).toBe('/docs');
    expect(guardRedirect('/anything', '/')).toBeNull();
  });

  it('places files picked with a relative path in their folders', () => {
    expect(uploadFolderFor('/docs', 'a.txt')).toBe('/docs');
    expect(uploadFolderFor('/docs', 'album/2026/p.jpg')).toBe('/docs/album/2026');
    expect(uploadFolderFor('/', 'album/p.jpg')).toBe('/album');
  });

  it('names the folder an archive is extracted into after the archive, beside it', () => {
    expect(extractionTarget('/m/docs/photos.zip')).toEqual({ folder: '/m/docs', name: 'photos' });
    expect(extractionTarget('/m/backup.2024.TAR.GZ')).toEqual({
      folder: '/m',
      name: 'backup.2024',
    });
    expect(extractionTarget('/m/src.tgz')).toEqual({ folder: '/m', name: 'src' });
    expect(extractionTarget('/m/a/b.tar')).toEqual({ folder: '/m/a', name: 'b' });
    expect(extractionTarget('/m/.zip')).toEqual({ folder: '/m', name: '' });
  });

  it('knows the archives the server extracts by their names', () => {
    for (const name of ['a.zip', 'a.tar', 'a.tar.gz', 'a.TGZ'])
      expect(isArchiveName(name)).toBe(true);
    for (const name of ['a.gz', 'a.rar', 'a.7z', 'zip', 'a.zip.txt']) {
      expect(isArchiveName(name)).toBe(false);
    }
  });
});
