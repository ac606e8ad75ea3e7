/** What happens when a track ends: stop after the last, start over, or play it again. */
export type RepeatMode = 'off' | 'all' | 'one';

export const REPEAT_MODES: readonly RepeatMode[] = ['off', 'all', 'one'];

export const nextRepeatMode = (mode: RepeatMode): RepeatMode =>
  REPEAT_MODES[(REPEAT_MODES.indexOf(mode) + 1) % REPEAT_MODES.length] ?? 'off';

/**
 * The order tracks play in, as indexes into the folder's list: the folder's order, or shuffled
 * with `start` first (so the track asked for plays now and the others follow at random).
 */
export function playOrder(
  count: number,
  start: number,
  shuffle: boolean,
  random: () => number = Math.random,
): number[] {
  const indexes = Array.from({ length: count }, (_, index) => index);
  if (!shuffle) return indexes;
  const rest = indexes.filter((index) => index !== start);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as number, rest[i] as number];
  }
  return start >= 0 && start < count ? [start, ...rest] : rest;
}

/**
 * The position in the play order after a step: `ended` is a track that finished by itself
 * (repeat one plays it again), otherwise the user asked for the next or previous one. Null:
 * the playlist is over (the end of the list without repeat).
 */
export function stepPosition(
  position: number,
  length: number,
  repeat: RepeatMode,
  step: 'next' | 'previous' | 'ended',
): number | null {
  if (length === 0) return null;
  if (step === 'ended' && repeat === 'one') return position;
  const target = step === 'previous' ? position - 1 : position + 1;
  if (target >= 0 && target < length) return target;
  // A step the user asked for wraps around; a track that ended stops the list unless it repeats.
  if (step !== 'ended' || repeat === 'all') return (target + length) % length;
  return null;
}
