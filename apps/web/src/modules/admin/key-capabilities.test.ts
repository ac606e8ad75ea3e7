import type { Principal } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { keyCapabilities } from './key-capabilities';

const key = (
  permissions: { text: boolean; file: boolean; mount: boolean },
  mountReadOnly = false,
): Principal => ({
  type: 'apikey',
  id: 'k1',
  name: 'key',
  basicPath: '/docs/cadtest',
  permissions,
  mountReadOnly,
});

describe('what a key may do', () => {
  it('lists each permission it holds, mount access as read-only when it is', () => {
    expect(keyCapabilities(key({ text: true, file: true, mount: true }))).toEqual([
      'text',
      'file',
      'mount',
    ]);
    expect(keyCapabilities(key({ text: false, file: false, mount: true }, true))).toEqual([
      'mountReadOnly',
    ]);
  });

  it('lists nothing for a key without permissions, nor for anyone but a key', () => {
    expect(keyCapabilities(key({ text: false, file: false, mount: false }))).toEqual([]);
    expect(keyCapabilities({ type: 'admin', id: 'admin', name: 'Administrator' })).toEqual([]);
  });
});
