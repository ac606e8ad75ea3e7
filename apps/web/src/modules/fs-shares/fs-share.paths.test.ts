import { describe, expect, it } from 'vitest';
import {
  isShareLive,
  parentOf,
  shareCrumbs,
  shareHref,
  sharePathFromLocation,
} from './fs-share.paths';

describe('the address of a shared folder', () => {
  it('names the folder segment by segment, each encoded', () => {
    expect(shareHref('team')).toBe('/s/team');
    expect(shareHref('team', '/')).toBe('/s/team');
    expect(shareHref('team', '/reports/2024')).toBe('/s/team/reports/2024');
    expect(shareHref('team', '/a b/50% #1/?')).toBe('/s/team/a%20b/50%25%20%231/%3F');
  });

  it('reads the folder back from the pathname, decoded once', () => {
    expect(sharePathFromLocation('/s/team', 'team')).toBe('/');
    expect(sharePathFromLocation('/s/team/', 'team')).toBe('/');
    expect(sharePathFromLocation('/s/team/reports/2024', 'team')).toBe('/reports/2024');
    expect(sharePathFromLocation('/s/team/a%20b/50%25%20%231/%3F', 'team')).toBe('/a b/50% #1/?');
    // %2525 is the text "%25", not a second escape.
    expect(sharePathFromLocation('/s/team/100%2525', 'team')).toBe('/100%25');
  });

  it('refuses what is not a path inside this share', () => {
    expect(sharePathFromLocation('/s/teams/x', 'team')).toBeNull();
    expect(sharePathFromLocation('/s/other/x', 'team')).toBeNull();
    expect(sharePathFromLocation('/s/team/%E0%A4%A', 'team')).toBeNull();
    expect(sharePathFromLocation('/s/team/a/../..', 'team')).toBeNull();
  });

  it('round-trips any folder', () => {
    for (const path of ['/', '/x', '/a b/c', '/数据/报告 2024', '/%/#/?/&']) {
      expect(sharePathFromLocation(shareHref('s-1', path), 's-1')).toBe(path);
    }
  });
});

describe('breadcrumbs and parents', () => {
  it('lists the shared folder, then every folder down', () => {
    expect(shareCrumbs('/')).toEqual([{ name: '', path: '/' }]);
    expect(shareCrumbs('/a/b')).toEqual([
      { name: '', path: '/' },
      { name: 'a', path: '/a' },
      { name: 'b', path: '/a/b' },
    ]);
  });

  it('finds the folder above', () => {
    expect(parentOf('/a/b')).toBe('/a');
    expect(parentOf('/a')).toBe('/');
    expect(parentOf('/')).toBe('/');
  });
});

describe('isShareLive', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it('is live until it expires or runs out of downloads', () => {
    expect(isShareLive({ expires_at: null, remaining_views: null }, now)).toBe(true);
    expect(isShareLive({ expires_at: '2026-01-11T00:00:00Z', remaining_views: 2 }, now)).toBe(true);
    expect(isShareLive({ expires_at: '2026-01-10T11:00:00Z', remaining_views: null }, now)).toBe(
      false,
    );
    expect(isShareLive({ expires_at: null, remaining_views: 0 }, now)).toBe(false);
  });
});
