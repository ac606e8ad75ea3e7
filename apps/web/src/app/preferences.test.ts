import { describe, expect, it } from 'vitest';
import { parsePreference, serializePreference } from './preferences';

const isMode = (value: unknown): value is 'light' | 'dark' => value === 'light' || value === 'dark';

describe('stored preferences', () => {
  it('round-trips a value with the time it was saved', () => {
    const raw = serializePreference('dark', 1_700_000_000_000);
    expect(JSON.parse(raw)).toEqual({ value: 'dark', savedAt: 1_700_000_000_000 });
    expect(parsePreference(raw, isMode)).toEqual({ value: 'dark', savedAt: 1_700_000_000_000 });
  });

  it('reads what older versions stored: the bare value, plain or JSON-quoted', () => {
    expect(parsePreference('light', isMode)).toEqual({ value: 'light', savedAt: null });
    expect(parsePreference('"dark"', isMode)).toEqual({ value: 'dark', savedAt: null });
    expect(parsePreference('{"value":"dark"}', isMode)).toEqual({ value: 'dark', savedAt: null });
  });

  it('ignores nothing stored, broken JSON and values it does not know', () => {
    expect(parsePreference(null, isMode)).toBeNull();
    expect(parsePreference('{"value":', isMode)).toBeNull();
    expect(parsePreference('purple', isMode)).toBeNull();
    expect(parsePreference('{"value":"purple","savedAt":1}', isMode)).toBeNull();
    expect(parsePreference('null', isMode)).toBeNull();
  });
});
