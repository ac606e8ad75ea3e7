/** How full a storage is, 0–100; null without a total. */
export function usedPercent(config: {
  used_bytes: number;
  total_capacity_bytes: number | null;
}): number | null {
  if (config.total_capacity_bytes === null || config.total_capacity_bytes <= 0) return null;
  return Math.min(100, (config.used_bytes / config.total_capacity_bytes) * 100);
}

const DURATION_UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/** Seconds in the largest whole unit: `{unit: 'hour', count: 1}` for 3600. */
export function durationParts(seconds: number): {
  unit: 'day' | 'hour' | 'minute' | 'second';
  count: number;
} {
  for (const [unit, size] of DURATION_UNITS) {
    if (seconds >= size && seconds % size === 0) return { unit, count: seconds / size };
  }
  return { unit: 'second', count: seconds };
}
