import { describe, expect, it } from 'vitest';
import {
  canonicalKey,
  type Invalidation,
  invalidates,
  scopesToBump,
  scopesToValidate,
} from './cache-scopes';

describe('cache keys and scopes', () => {
  it.each([
    ['a/b', '/a/b'],
    ['/a/b/', '/a/b'],
    ['//a//b', '/a/b'],
    ['', '/'],
    ['/', '/'],
  ])('canonicalKey(%j) is %j', (key, expected) => {
    expect(canonicalKey(key)).toBe(expected);
  });

  it('validates a key against itself and every subtree above it', () => {
    expect(scopesToValidate('/a/b')).toEqual(['k:/a/b', 't:/', 't:/a', 't:/a/b']);
    expect(scopesToValidate('/')).toEqual(['k:/', 't:/']);
  });

  it('bumps the folder and its ancestors, and the subtree only when asked', () => {
    expect(scopesToBump({ kind: 'path', path: '/a/b', subtree: false })).toEqual([
      'k:/',
      'k:/a',
      'k:/a/b',
    ]);
    expect(scopesToBump({ kind: 'path', path: 'a/b/', subtree: true })).toEqual([
      'k:/',
      'k:/a',
      'k:/a/b',
      't:/a/b',
    ]);
    expect(scopesToBump({ kind: 'prefix', prefix: '/a' })).toEqual(['t:/a']);
    expect(scopesToBump({ kind: 'clear' })).toEqual(['t:/']);
  });

  /** Every bump scope of an invalidation meets the validation scopes of exactly the keys it drops. */
  it('agrees with the scopes: what invalidates drops is what the generations reject', () => {
    const keys = ['/', '/a', '/ab', '/a/b', '/a/b/c', '/a/bc', '/x'];
    const invalidations: Invalidation[] = [
      { kind: 'path', path: '/a/b', subtree: false },
      { kind: 'path', path: '/a/b', subtree: true },
      { kind: 'prefix', prefix: '/a' },
      { kind: 'prefix', prefix: '/' },
      { kind: 'clear' },
    ];
    for (const invalidation of invalidations) {
      const bumped = new Set(scopesToBump(invalidation));
      for (const key of keys) {
        const rejected = scopesToValidate(key).some((scope) => bumped.has(scope));
        expect([invalidation, key, invalidates(invalidation, key)]).toEqual([
          invalidation,
          key,
          rejected,
        ]);
      }
    }
  });

  it('compares whole segments: /a does not reach /ab', () => {
    expect(invalidates({ kind: 'prefix', prefix: '/a' }, '/ab')).toBe(false);
    expect(invalidates({ kind: 'path', path: '/a', subtree: true }, '/ab')).toBe(false);
    expect(invalidates({ kind: 'path', path: '/a/b', subtree: false }, '/a')).toBe(true);
    expect(invalidates({ kind: 'path', path: '/a/b', subtree: false }, '/a/b/c')).toBe(false);
    expect(invalidates({ kind: 'path', path: '/a/b', subtree: true }, '/a/b/c')).toBe(true);
  });
});
