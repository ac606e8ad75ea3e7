import { describe, expect, it } from 'vitest';
import { nextRepeatMode, playOrder, stepPosition } from './playlist';

describe('play order', () => {
  it('is the folder order without shuffle', () => {
    expect(playOrder(4, 2, false)).toEqual([0, 1, 2, 3]);
  });

  it('puts the chosen track first when shuffled, every track once', () => {
    let seed = 0.37;
    const random = () => {
      seed = (seed * 9301 + 0.49297) % 1;
      return seed;
    };
    const order = playOrder(8, 5, true, random);
    expect(order[0]).toBe(5);
    expect([...order].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('is empty for an empty folder', () => {
    expect(playOrder(0, 0, true)).toEqual([]);
  });
});

describe('steps through the playlist', () => {
  it('moves on, and stops after the last track without repeat', () => {
    expect(stepPosition(0, 3, 'off', 'ended')).toBe(1);
    expect(stepPosition(2, 3, 'off', 'ended')).toBeNull();
  });

  it('starts over with repeat all, plays the same track again with repeat one', () => {
    expect(stepPosition(2, 3, 'all', 'ended')).toBe(0);
    expect(stepPosition(1, 3, 'one', 'ended')).toBe(1);
  });

  it('wraps around when the user asks, whatever the repeat mode', () => {
    expect(stepPosition(2, 3, 'off', 'next')).toBe(0);
    expect(stepPosition(0, 3, 'off', 'previous')).toBe(2);
    expect(stepPosition(1, 3, 'one', 'next')).toBe(2);
    expect(stepPosition(1, 3, 'one', 'previous')).toBe(0);
  });

  it('cycles the repeat modes off → all → one → off', () => {
    expect(nextRepeatMode('off')).toBe('all');
    expect(nextRepeatMode('all')).toBe('one');
    expect(nextRepeatMode('one')).toBe('off');
  });
});
