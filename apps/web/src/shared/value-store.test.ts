import { describe, expect, it, vi } from 'vitest';
import { createSignal, createValueStore } from './value-store';

describe('createValueStore', () => {
  it('takes a value or an update of the current one, and tells its listeners', () => {
    const store = createValueStore(1);
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(2);
    store.set((current) => current + 1);
    expect(store.get()).toBe(3);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('stays quiet when the value does not change, and after an unsubscribe', () => {
    const store = createValueStore('a');
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set('a');
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
    store.set('b');
    expect(listener).not.toHaveBeenCalled();
    expect(store.get()).toBe('b');
  });
});

describe('createSignal', () => {
  it('hands each event to every listener until it stops listening', () => {
    const signal = createSignal<string>();
    const listener = vi.fn();
    const stop = signal.listen(listener);
    signal.emit('done');
    stop();
    signal.emit('again');
    expect(listener.mock.calls).toEqual([['done']]);
  });
});
