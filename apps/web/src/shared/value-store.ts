import { useSyncExternalStore } from 'react';

/** A value that lives outside React (so it outlasts pages) and that components can read. */
export interface ValueStore<T> {
  get: () => T;
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      const updated = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(updated, value)) return;
      value = updated;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useValueStore<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Tells every listener of an event (an upload that ended); `listen` answers the unsubscribe. */
export function createSignal<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    emit: (value: T) => {
      for (const listener of listeners) listener(value);
    },
    listen: (listener: (value: T) => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
