import { useSyncExternalStore } from 'react';

/**
 * Whether the audio player is docked in the layout. Kept apart from the playlist itself (which
 * loads with the explorer) so that the layout, on every page's first load, carries only this.
 */
let docked = false;
const listeners = new Set<() => void>();

export function setAudioDocked(next: boolean) {
  if (docked === next) return;
  docked = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useAudioDocked = () => useSyncExternalStore(subscribe, () => docked);
