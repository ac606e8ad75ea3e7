import { useSyncExternalStore } from 'react';
import { setAudioDocked } from './audio-dock';
import { nextRepeatMode, playOrder, type RepeatMode, stepPosition } from './playlist';

export interface AudioTrack {
  path: string;
  name: string;
}

export interface AudioPlaylist {
  /** The folder's audio files, in the explorer's order when the list started. */
  tracks: readonly AudioTrack[];
  folder: string;
  /** Indexes into `tracks`, in the order they play. */
  order: readonly number[];
  position: number;
  shuffle: boolean;
  repeat: RepeatMode;
  playing: boolean;
  /** Counts each start of a track (a repeat too): the player fetches a fresh link for each. */
  serial: number;
}

/**
 * The one playlist of the app: started from the explorer's preview of an audio file, played by
 * the player docked in the layout, so it goes on while the user browses elsewhere.
 */
let playlist: AudioPlaylist | null = null;
const listeners = new Set<() => void>();

function update(next: AudioPlaylist | null) {
  playlist = next;
  setAudioDocked(next !== null);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useAudioPlaylist = () => useSyncExternalStore(subscribe, () => playlist);

export const currentTrack = (list: AudioPlaylist): AudioTrack | undefined =>
  list.tracks[list.order[list.position] ?? -1];

/** Plays `tracks[start]` now, then the rest of the folder (keeping shuffle and repeat). */
export function startPlaylist(tracks: readonly AudioTrack[], start: number, folder: string) {
  const shuffle = playlist?.shuffle ?? false;
  update({
    tracks,
    folder,
    order: playOrder(tracks.length, start, shuffle),
    position: shuffle ? 0 : start,
    shuffle,
    repeat: playlist?.repeat ?? 'off',
    playing: true,
    serial: (playlist?.serial ?? 0) + 1,
  });
}

/** The track at `position` of the play order, from its start. */
export function playPosition(position: number) {
  if (!playlist) return;
  update({ ...playlist, position, playing: true, serial: playlist.serial + 1 });
}

/** The next or previous track, or what follows one that ended (which may stop the list). */
export function step(direction: 'next' | 'previous' | 'ended') {
  if (!playlist) return;
  const position = stepPosition(
    playlist.position,
    playlist.order.length,
    playlist.repeat,
    direction,
  );
  if (position === null) update({ ...playlist, playing: false });
  else playPosition(position);
}

export function setPlaying(playing: boolean) {
  if (playlist && playlist.playing !== playing) update({ ...playlist, playing });
}

/** Shuffles what is left (the current track goes on), or goes back to the folder's order. */
export function toggleShuffle() {
  if (!playlist) return;
  const current = playlist.order[playlist.position] ?? 0;
  const shuffle = !playlist.shuffle;
  update({
    ...playlist,
    shuffle,
    order: playOrder(playlist.tracks.length, current, shuffle),
    position: shuffle ? 0 : current,
  });
}

export function cycleRepeat() {
  if (playlist) update({ ...playlist, repeat: nextRepeatMode(playlist.repeat) });
}

export function closePlaylist() {
  update(null);
}
