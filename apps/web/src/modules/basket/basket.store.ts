import { STORAGE_KEYS } from '@sharebin/shared';
import { useSyncExternalStore } from 'react';
import { createSignal } from '../../shared/value-store';
import { type AuthState, authStore } from '../auth';
import { addToBasket, type BasketEntry, folderOf, parseBasket } from './basket.models';

/**
 * The file basket (SPEC §1): a module store over local storage, one list per signed-in
 * principal, so the admin and each API key keep their own basket across reloads.
 */

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Where a principal's basket is kept; null when nobody is signed in (no basket then). */
export function basketStorageKey(auth: AuthState): string | null {
  if (auth.authType === 'admin') return `${STORAGE_KEYS.fileBasketPrefix}admin`;
  if (auth.authType === 'apikey' && auth.apiKeyInfo)
    return `${STORAGE_KEYS.fileBasketPrefix}key:${auth.apiKeyInfo.id}`;
  return null;
}

export function loadBasket(storage: KeyValueStorage, key: string | null): BasketEntry[] {
  if (key === null) return [];
  try {
    return parseBasket(storage.getItem(key));
  } catch {
    return [];
  }
}

export function saveBasket(
  storage: KeyValueStorage,
  key: string | null,
  entries: BasketEntry[],
): void {
  if (key === null) return;
  try {
    storage.setItem(key, JSON.stringify(entries));
  } catch {
    // Storage full or disabled: the basket lasts for this page only.
  }
}

const EMPTY: BasketEntry[] = [];
// Not a value store: the basket is read through from storage whenever the principal changes.
let current: { key: string | null; entries: BasketEntry[] } = { key: null, entries: EMPTY };
const basketChanged = createSignal<void>();

const storage = (): KeyValueStorage => window.localStorage;

/** The signed-in principal's basket; read again from storage when the principal changes. */
function getBasket(): BasketEntry[] {
  const key = basketStorageKey(authStore.getState());
  if (key !== current.key) current = { key, entries: loadBasket(storage(), key) };
  return current.entries;
}

function setBasket(entries: BasketEntry[]): void {
  const key = basketStorageKey(authStore.getState());
  current = { key, entries };
  saveBasket(storage(), key, entries);
  basketChanged.emit();
}

function subscribe(listener: () => void): () => void {
  const stopChanges = basketChanged.listen(listener);
  const stopAuth = authStore.subscribe(listener);
  // Another tab changed this basket: read it again.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key === current.key) {
      current = { key: null, entries: EMPTY };
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    stopChanges();
    stopAuth();
    window.removeEventListener('storage', onStorage);
  };
}

export function useBasket(): BasketEntry[] {
  return useSyncExternalStore(subscribe, getBasket, () => EMPTY);
}

export const basketStore = {
  add(incoming: BasketEntry[]) {
    const outcome = addToBasket(getBasket(), incoming);
    setBasket(outcome.entries);
    return outcome;
  },
  remove(path: string) {
    setBasket(getBasket().filter((entry) => entry.path !== path));
  },
  removeFolder(folder: string) {
    setBasket(getBasket().filter((entry) => folderOf(entry.path) !== folder));
  },
  clear() {
    setBasket([]);
  },
};
