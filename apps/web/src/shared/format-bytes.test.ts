import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

const GB = 1024 ** 3;
const TB = 1024 ** 4;

describe('formatBytes', () => {
  it('shows whole bytes, then one decimal below 100 of a unit', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 B');
    expect(formatBytes(812, 'en-US')).toBe('812 B');
    expect(formatBytes(1023, 'en-US')).toBe('1,023 B');
    expect(formatBytes(1024, 'en-US')).toBe('1 KB');
    expect(formatBytes(4300, 'en-US')).toBe('4.2 KB');
    expect(formatBytes(150 * 1024, 'en-US')).toBe('150 KB');
    expect(formatBytes(1.5 * 1024 ** 2, 'en-US')).toBe('1.5 MB');
  });

  it('writes the number the way the language does', () => {
    expect(formatBytes(1.5 * 1024 ** 2, 'de-DE')).toBe('1,5 MB');
  });

  it('stops at GB for sizes', () => {
    expect(formatBytes(2.5 * GB, 'en-US')).toBe('2.5 GB');
    expect(formatBytes(2 * TB, 'en-US')).toBe('2,048 GB');
  });

  it('goes on to TB for capacities', () => {
    expect(formatBytes(2.5 * GB, 'en-US', { largestUnit: 'TB' })).toBe('2.5 GB');
    expect(formatBytes(1.5 * TB, 'en-US', { largestUnit: 'TB' })).toBe('1.5 TB');
    expect(formatBytes(2048 * TB, 'en-US', { largestUnit: 'TB' })).toBe('2,048 TB');
  });
});
