import type { FsEntry } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../shared/format-bytes';
import { formatSize } from './explorer.format';

const entry = (size: number | null, is_directory = false): FsEntry => ({
  name: 'a.png',
  path: '/disk/a.png',
  is_directory,
  size,
  modified: null,
  mimetype: null,
  etag: null,
  is_mount: false,
  is_virtual: false,
  mount_id: 'mount-1',
});

describe('formatSize', () => {
  it('writes a size as formatBytes does, and nothing for folders or unknown sizes', () => {
    expect(formatSize(entry(4300), 'en')).toBe(formatBytes(4300, 'en'));
    expect(formatSize(entry(null), 'en')).toBe('');
    expect(formatSize(entry(null, true), 'en')).toBe('');
  });

  it('gives the same entry the same text again, and rewrites it in another language', () => {
    const file = entry(1_572_864);
    expect(formatSize(file, 'en')).toBe('1.5 MB');
    expect(formatSize(file, 'en')).toBe('1.5 MB');
    expect(formatSize(file, 'de')).toBe(formatBytes(1_572_864, 'de'));
    expect(formatSize(file, 'de')).toBe('1,5 MB');
    expect(formatSize(file, 'en')).toBe('1.5 MB');
  });
});
