import { describe, expect, it } from 'vitest';
import {
  CAPACITY_UNIT_BYTES,
  capacityBytes,
  capacityChange,
  capacityInUnits,
  capacityValuesFrom,
} from './storage-capacity';

const GB = CAPACITY_UNIT_BYTES.GB;

describe('a storage capacity in the form', () => {
  it('shows stored bytes in the largest unit that keeps two decimals', () => {
    expect(capacityInUnits(2 * CAPACITY_UNIT_BYTES.TB)).toEqual({ value: 2, unit: 'TB' });
    expect(capacityInUnits(1.5 * GB)).toEqual({ value: 1.5, unit: 'GB' });
    expect(capacityInUnits(GB + 1)).toEqual({ value: 1024, unit: 'MB' });
    expect(capacityValuesFrom(null)).toEqual({ capacity: '', capacityUnit: 'GB' });
  });

  it('reads empty as no limit and refuses what is no positive amount', () => {
    expect(capacityBytes({ capacity: ' ', capacityUnit: 'GB' })).toBeNull();
    expect(capacityBytes({ capacity: '2', capacityUnit: 'GB' })).toBe(2 * GB);
    expect(capacityBytes({ capacity: 0, capacityUnit: 'GB' })).toBeUndefined();
    expect(capacityBytes({ capacity: 'lots', capacityUnit: 'GB' })).toBeUndefined();
  });

  it('sends a capacity only when its text or unit was edited', () => {
    // 1 GB and one byte shows as 1024 MB: saving that text unchanged keeps the exact bytes.
    const stored = GB + 1;
    expect(capacityChange(capacityValuesFrom(stored), stored)).toBeUndefined();
    expect(capacityChange({ capacity: 2, capacityUnit: 'GB' }, stored)).toBe(2 * GB);
    expect(capacityChange({ capacity: '', capacityUnit: 'GB' }, stored)).toBeNull();
    expect(capacityChange({ capacity: '', capacityUnit: 'TB' }, null)).toBeUndefined();
    expect(capacityChange({ capacity: -1, capacityUnit: 'GB' }, stored)).toBeUndefined();
  });
});
