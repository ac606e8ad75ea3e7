import type { Principal } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { visibleNavLinks } from './nav-links';

const key = (mount: boolean): Principal => ({
  type: 'apikey',
  id: 'k',
  name: 'k',
  basicPath: '/',
  permissions: { text: true, file: true, mount },
  mountReadOnly: false,
});
const targets = (principal: Principal) => visibleNavLinks(principal).map((link) => link.to);

describe('header links', () => {
  it('shows the mount explorer only to whom may browse mounts (never a dead link)', () => {
    expect(targets({ type: 'none' })).toEqual(['/', '/upload', '/admin']);
    expect(targets(key(false))).toEqual(['/', '/upload', '/admin']);
    expect(targets(key(true))).toEqual(['/', '/upload', '/mount-explorer', '/admin']);
    expect(targets({ type: 'admin', id: 'admin', name: 'Administrator' })).toContain(
      '/mount-explorer',
    );
  });
});
