import { describe, expect, it } from 'vitest';
import { nextSearchOffset, searchCount, searchProblem, searchRequest } from './explorer.search';

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

  it('pages past a capped total, which is only a lower bound, and shows it as one', () => {
    const page = (items: number, total: number, total_capped: boolean) => ({
      items: Array.from({ length: items }, () => ({})),
      total,
      total_capped,
    });
    // 1,000 counted of 6,234 matches: the count says "1,000+" and pages go on past 1,000.
    const capped = Array.from({ length: 20 }, () => page(50, 1_000, true));
    expect(searchCount(capped)).toEqual({ count: 1_000, atLeast: true });
    expect(nextSearchOffset(capped)).toBe(1_000);
    const past = [...capped, page(50, 1_050, true)];
    expect(searchCount(past)).toEqual({ count: 1_050, atLeast: true });
    expect(nextSearchOffset(past)).toBe(1_050);
    // An exact total ends the pages once loaded.
    expect(nextSearchOffset([page(50, 60, false)])).toBe(50);
    const whole = [page(50, 60, false), page(10, 60, false)];
    expect(nextSearchOffset(whole)).toBeUndefined();
    expect(searchCount(whole)).toEqual({ count: 60, atLeast: false });
    expect(nextSearchOffset([page(0, 0, false)])).toBeUndefined();
    expect(searchCount([])).toEqual({ count: 0, atLeast: false });
  });
});
