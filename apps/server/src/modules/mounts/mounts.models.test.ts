import { describe, expect, it } from 'vitest';
import { caseConflictOf, mountMeetsBasePath, pathKeyOf } from './mounts.models';

describe('mount path rules', () => {
  it('keys a path by its lower case; Chinese characters stay as they are', () => {
    expect(pathKeyOf('/Photos/2024')).toBe('/photos/2024');
    expect(pathKeyOf('/文档/Notes')).toBe('/文档/notes');
  });

  it('finds a mount path that spells a shared folder in another letter case', () => {
    expect(caseConflictOf('/docs/b', ['/Docs'])).toBe('/Docs');
    expect(caseConflictOf('/Docs', ['/docs/b', '/other'])).toBe('/docs/b');
    expect(caseConflictOf('/a/B/c', ['/a/b/d'])).toBe('/a/b/d');
  });

  it('lets paths that agree in case, or part before they differ, pass', () => {
    expect(caseConflictOf('/docs/b', ['/docs', '/docs/c', '/Photos'])).toBeUndefined();
    expect(caseConflictOf('/a/X', ['/b/x'])).toBeUndefined();
    expect(caseConflictOf('/docs', ['/docs'])).toBeUndefined();
    expect(caseConflictOf('/docs', [])).toBeUndefined();
  });

  it('shows a key the mounts under its base path and the mount its base path lies in', () => {
    expect(mountMeetsBasePath('/team/docs', '/')).toBe(true);
    expect(mountMeetsBasePath('/team/docs', '/team')).toBe(true);
    expect(mountMeetsBasePath('/team', '/team/docs/2024')).toBe(true);
    expect(mountMeetsBasePath('/team', '/team')).toBe(true);
  });

  it('hides mounts beside the base path, comparing whole segments', () => {
    expect(mountMeetsBasePath('/teamwork', '/team')).toBe(false);
    expect(mountMeetsBasePath('/team', '/teamwork/x')).toBe(false);
    expect(mountMeetsBasePath('/other/docs', '/team')).toBe(false);
  });
});
