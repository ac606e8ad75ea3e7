import { describe, expect, it } from 'vitest';
import { searchProblem, searchRequest } from './explorer.search';

describe('search', () => {
  it('needs at least two characters after trimming (SPEC §5)', () => {
    expect(searchProblem('')).toBe('tooShort');
    expect(searchProblem(' a ')).toBe('tooShort');
    expect(searchProblem('ab')).toBeNull();
    expect(searchProblem('报告')).toBeNull();
    // One character outside the BMP is one character, not two UTF-16 units.
    expect(searchProblem('😀')).toBe('tooShort');
  });

  it('builds the query of each scope', () => {
    const common = { query: ' report ', folder: '/docs/2026', mountId: 'm1' };
    expect(searchRequest({ ...common, scope: 'global' })).toEqual({
      q: 'report',
      scope: 'global',
      limit: 50,
      offset: 0,
    });
    expect(searchRequest({ ...common, scope: 'mount', offset: 50 })).toEqual({
      q: 'report',
      scope: 'mount',
      limit: 50,
      offset: 50,
      mount_id: 'm1',
    });
    expect(searchRequest({ ...common, scope: 'directory' })).toEqual({
      q: 'report',
      scope: 'directory',
      limit: 50,
      offset: 0,
      mount_id: 'm1',
      path: '/docs/2026',
    });
  });

  it('searches globally where the folder is in no mount', () => {
    const request = searchRequest({ query: 'ab', scope: 'directory', folder: '/', mountId: null });
    expect(request.scope).toBe('global');
    expect(request).not.toHaveProperty('path');
  });
});
