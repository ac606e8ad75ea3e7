import { describe, expect, it } from 'vitest';
import { compareKeys } from './fs-port';

describe('compareKeys', () => {
  it('orders keys as their UTF-8 bytes, past U+FFFF too', () => {
    const keys = [
      'a',
      'a/b',
      'a-b',
      'ab',
      'é',
      '\u{E000}',
      '\u{FFFD}',
      '😀',
      '😀a',
      '\u{10FFFF}',
      '',
    ];
    const byBytes = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...keys].sort(compareKeys)).toEqual(byBytes);
    for (const a of keys) {
      for (const b of keys) {
        expect(Math.sign(compareKeys(a, b))).toBe(Buffer.compare(Buffer.from(a), Buffer.from(b)));
      }
    }
  });
});
