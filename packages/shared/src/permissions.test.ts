import { describe, expect, it } from 'vitest';
import {
  canUseAdminPanel,
  creatorTag,
  hasPathPermission,
  hasPermission,
  isCreator,
  type Permission,
  type Principal,
} from './permissions';

const none: Principal = { type: 'none' };
const admin: Principal = { type: 'admin', id: 'admin-1', name: 'Admin' };

function apiKey(
  permissions: Partial<{ text: boolean; file: boolean; mount: boolean }> = {},
  basicPath = '/',
  id = 'key-1',
): Principal {
  return {
    type: 'apikey',
    id,
    name: `Key ${id}`,
    basicPath,
    permissions: { text: false, file: false, mount: false, ...permissions },
    mountReadOnly: false,
  };
}

const noFlags = apiKey();
const textOnly = apiKey({ text: true });
const fileOnly = apiKey({ file: true });
const mountOnly = apiKey({ mount: true });
const allFlags = apiKey({ text: true, file: true, mount: true });

describe('hasPermission', () => {
  it.each<[string, Principal, Permission, boolean]>([
    ['none', none, 'text', false],
    ['none', none, 'file', false],
    ['none', none, 'mount', false],
    ['none', none, 'admin', false],
    ['admin', admin, 'text', true],
    ['admin', admin, 'file', true],
    ['admin', admin, 'mount', true],
    ['admin', admin, 'admin', true],
    ['key without flags', noFlags, 'text', false],
    ['key without flags', noFlags, 'file', false],
    ['key without flags', noFlags, 'mount', false],
    ['key without flags', noFlags, 'admin', false],
    ['text key', textOnly, 'text', true],
    ['text key', textOnly, 'file', false],
    ['text key', textOnly, 'mount', false],
    ['text key', textOnly, 'admin', false],
    ['file key', fileOnly, 'text', false],
    ['file key', fileOnly, 'file', true],
    ['file key', fileOnly, 'mount', false],
    ['file key', fileOnly, 'admin', false],
    ['mount key', mountOnly, 'text', false],
    ['mount key', mountOnly, 'file', false],
    ['mount key', mountOnly, 'mount', true],
    ['mount key', mountOnly, 'admin', false],
    ['key with all flags', allFlags, 'text', true],
    ['key with all flags', allFlags, 'file', true],
    ['key with all flags', allFlags, 'mount', true],
    ['key with all flags', allFlags, 'admin', false],
  ])('%s, %s -> %s', (_label, principal, permission, expected) => {
    expect(hasPermission(principal, permission)).toBe(expected);
  });
});

describe('hasPathPermission', () => {
  it.each(['/', '/a', '/a/b', '/文档', '/a/../b', '/%00', '%'])(
    'admin may use any path, even %j',
    (path) => {
      expect(hasPathPermission(admin, path)).toBe(true);
    },
  );

  it.each(['/', '/a', '/a/b'])('none may use no path, not even %j', (path) => {
    expect(hasPathPermission(none, path)).toBe(false);
  });

  it.each<[string, string, boolean]>([
    ['/', '/', true],
    ['/', '/a', true],
    ['/', '/a/b/c', true],
    ['/', '', true],
    ['/a', '/a', true],
    ['/a', '/a/', true],
    ['/a/', '/a', true],
    ['/a/', '/a/', true],
    ['/a', '/a/b', true],
    ['/a/', '/a/b/', true],
    ['/a/b', '/a/b/c/d', true],
    ['/a', '/ab', false],
    ['/a/', '/ab', false],
    ['/a', '/b', false],
    ['/a', '/', false],
    ['/a/b', '/a', false],
    ['/a/b', '/a/bc', false],
    ['a', '/a/b', true],
    ['//a//', '/a/b', true],
    ['/a', 'a//b', true],
    ['/a', '\\a\\b', true],
    ['/文档', '/文档/报告', true],
    ['/文档', '/文档2', false],
  ])('key with basic path %j on %j -> %s', (basicPath, path, expected) => {
    expect(hasPathPermission(apiKey({ file: true }, basicPath), path)).toBe(expected);
  });

  it.each<[string, string]>([
    ['/a', '/a/../b'],
    ['/a', '/a\\..\\b'],
    ['/', '/..'],
    ['/', '/a\0'],
    ['/a/..', '/a'],
  ])('key with basic path %j on invalid input %j -> false', (basicPath, path) => {
    expect(hasPathPermission(apiKey({ file: true }, basicPath), path)).toBe(false);
  });

  it('takes percent signs as part of names: decoding is done once, at the edge', () => {
    expect(hasPathPermission(apiKey({ file: true }, '/a'), '/a/%2e%2e')).toBe(true);
    expect(hasPathPermission(apiKey({ file: true }, '/a'), '/a%2fb')).toBe(false);
  });

  it('does not depend on the permission flags', () => {
    expect(hasPathPermission(noFlags, '/a')).toBe(true);
  });
});

describe('isCreator', () => {
  it.each<[string | null | undefined]>([
    ['admin'],
    ['key-1'],
    ['apikey:key-1'],
    ['apikey:key-2'],
    [''],
    [null],
    [undefined],
  ])('admin is the creator of everything, including %j', (createdBy) => {
    expect(isCreator(admin, createdBy)).toBe(true);
  });

  it.each<[string | null | undefined]>([
    ['admin'],
    ['key-1'],
    ['apikey:key-1'],
    [''],
    [null],
    [undefined],
  ])('none is never the creator, not of %j', (createdBy) => {
    expect(isCreator(none, createdBy)).toBe(false);
  });

  it.each<[string | null | undefined, boolean]>([
    ['key-1', true],
    ['apikey:key-1', true],
    ['key-2', false],
    ['apikey:key-2', false],
    ['apikey:key-10', false],
    ['key-10', false],
    ['apikey:', false],
    ['apikey', false],
    ['admin', false],
    ['APIKEY:key-1', false],
    ['apikey:apikey:key-1', false],
    [' key-1', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('key "key-1" and createdBy %j -> %s', (createdBy, expected) => {
    expect(isCreator(apiKey({ text: true }), createdBy)).toBe(expected);
  });

  it('does not mistake another key for the creator', () => {
    const other = apiKey({ text: true }, '/', 'key-2');
    expect(isCreator(other, 'apikey:key-1')).toBe(false);
    expect(isCreator(other, 'key-1')).toBe(false);
    expect(isCreator(other, creatorTag(other))).toBe(true);
  });

  it('recognises what creatorTag produced', () => {
    expect(isCreator(textOnly, creatorTag(textOnly))).toBe(true);
  });
});

describe('canUseAdminPanel', () => {
  it.each<[string, Principal, boolean]>([
    ['none', none, false],
    ['admin', admin, true],
    ['key without flags', noFlags, false],
    ['text key', textOnly, true],
    ['file key', fileOnly, true],
    ['mount key', mountOnly, true],
    ['text+file key', apiKey({ text: true, file: true }), true],
    ['file+mount key', apiKey({ file: true, mount: true }), true],
    ['key with all flags', allFlags, true],
  ])('%s -> %s', (_label, principal, expected) => {
    expect(canUseAdminPanel(principal)).toBe(expected);
  });
});

describe('creatorTag', () => {
  it.each<[string, Principal, string]>([
    ['admin', admin, 'admin'],
    ['key-1', apiKey(), 'apikey:key-1'],
    ['key-2', apiKey({ mount: true }, '/x', 'key-2'), 'apikey:key-2'],
    [
      'uuid key',
      apiKey({}, '/', '0b9c0e7e-3c1a-4e7a-9d7e-1f2a3b4c5d6e'),
      'apikey:0b9c0e7e-3c1a-4e7a-9d7e-1f2a3b4c5d6e',
    ],
  ])('%s -> %j', (_label, principal, expected) => {
    expect(creatorTag(principal)).toBe(expected);
  });

  it('throws for an anonymous principal', () => {
    expect(() => creatorTag(none)).toThrow(Error);
  });
});
