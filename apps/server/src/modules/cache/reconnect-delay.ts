const FIRST_DELAY_MS = 100;
const LONGEST_DELAY_MS = 5_000;

/** Doubling from 100 ms up to 5 s, with jitter so that instances do not reconnect in step. */
export function reconnectDelayMs(failures: number): number {
  const ceiling = Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** failures);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}
