const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** "812 B", "4.2 MB", "1.5 TB": capacities run into terabytes. */
export function formatCapacity(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
  return `${number} ${BYTE_UNITS[unit]}`;
}

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
