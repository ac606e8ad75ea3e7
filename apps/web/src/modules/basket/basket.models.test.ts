import { STORAGE_KEYS } from '@sharebin/shared';
import { describe, expect, it } from 'vitest';
import type { AuthState } from '../auth';
import { addToBasket, type BasketEntry, groupByFolder, parseBasket, sizeOf } from './basket.models';
import { basketStorageKey, loadBasket, saveBasket } from './basket.store';

const file = (path: string, size: number): BasketEntry => ({
  path,
  name: path.slice(path.lastIndexOf('/') + 1),
  isDirectory: false,
  size,
  mount: path.split('/')[1] ?? '',
});
const folder = (path: string): BasketEntry => ({ ...file(path, 0), isDirectory: true, size: null });

/** A Storage over a Map: the two calls the basket makes, as the browser answers them. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const signedIn = (authType: AuthState['authType'], keyId?: string) =>
  ({
    authType,
    apiKeyInfo: keyId ? { id: keyId, name: keyId, basic_path: '/' } : null,
  }) as AuthState;

describe('addToBasket', () => {
  it('adds each path once', () => {
    const first = addToBasket([], [file('/m/a.txt', 1), file('/m/b.txt', 2)]);
    const again = addToBasket(first.entries, [file('/m/a.txt', 1), file('/m/c.txt', 3)]);
    expect(again.entries.map((entry) => entry.path)).toEqual(['/m/a.txt', '/m/b.txt', '/m/c.txt']);
    expect(again).toMatchObject({ added: 1, alreadyIn: 1, absorbed: 0 });
  });

  it('skips an entry inside a folder already in the basket', () => {
    const outcome = addToBasket([folder('/m/docs')], [file('/m/docs/deep/a.txt', 5)]);
    expect(outcome.entries).toEqual([folder('/m/docs')]);
    expect(outcome).toMatchObject({ added: 0, alreadyIn: 1 });
  });

  it('lets a folder replace the basket entries inside it, and only those', () => {
    const basket = [file('/m/docs/a.txt', 1), folder('/m/docs/sub'), file('/m/docs-old/b.txt', 2)];
    const outcome = addToBasket(basket, [folder('/m/docs')]);
    expect(outcome.entries.map((entry) => entry.path)).toEqual(['/m/docs-old/b.txt', '/m/docs']);
    expect(outcome).toMatchObject({ added: 1, alreadyIn: 0, absorbed: 2 });
  });

  it('handles a folder and its own child picked together, in either order', () => {
    const childFirst = addToBasket([], [file('/m/d/x', 1), folder('/m/d')]);
    const folderFirst = addToBasket([], [folder('/m/d'), file('/m/d/x', 1)]);
    expect(childFirst.entries).toEqual([folder('/m/d')]);
    expect(folderFirst.entries).toEqual([folder('/m/d')]);
  });
});

describe('groupByFolder', () => {
  it('groups by parent folder with sizes, folders first in a group', () => {
    const groups = groupByFolder([
      file('/m/b/z.txt', 10),
      file('/m/a/y.txt', 3),
      folder('/m/a/sub'),
      file('/m/a/x.txt', 4),
      file('/top.txt', 1),
    ]);
    expect(groups.map((group) => [group.folder, group.size, group.hasFolders])).toEqual([
      ['/', 1, false],
      ['/m/a', 7, true],
      ['/m/b', 10, false],
    ]);
    expect(groups[1]?.entries.map((entry) => entry.name)).toEqual(['sub', 'x.txt', 'y.txt']);
  });

  it('counts folders as unknown in the total', () => {
    expect(sizeOf([folder('/m/a'), file('/m/b', 7)])).toBe(7);
  });
});

describe('basket persistence', () => {
  it('keeps one basket per principal and none when signed out', () => {
    const admin = basketStorageKey(signedIn('admin'));
    const keyOne = basketStorageKey(signedIn('apikey', 'k1'));
    const keyTwo = basketStorageKey(signedIn('apikey', 'k2'));
    expect(new Set([admin, keyOne, keyTwo]).size).toBe(3);
    expect(admin?.startsWith(STORAGE_KEYS.fileBasketPrefix)).toBe(true);
    expect(basketStorageKey(signedIn('none'))).toBeNull();

    const storage = memoryStorage();
    saveBasket(storage, admin, [file('/m/admin.txt', 1)]);
    saveBasket(storage, keyOne, [folder('/m/key')]);
    expect(loadBasket(storage, admin)).toEqual([file('/m/admin.txt', 1)]);
    expect(loadBasket(storage, keyOne)).toEqual([folder('/m/key')]);
    expect(loadBasket(storage, keyTwo)).toEqual([]);
    expect(loadBasket(storage, null)).toEqual([]);
  });

  it('drops malformed stored entries instead of failing', () => {
    expect(parseBasket('not json')).toEqual([]);
    expect(parseBasket('{"path":"/a"}')).toEqual([]);
    expect(parseBasket(JSON.stringify([file('/m/a', 1), { path: 3 }, null]))).toEqual([
      file('/m/a', 1),
    ]);
  });
});
