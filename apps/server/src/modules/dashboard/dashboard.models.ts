import { ACTIVITY_BUCKET_MS } from './activity.recorder';

/** Formatters are costly to build; a dashboard is opened in a handful of time zones. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 64;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hourCycle: 'h23',
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The date at instant `ms` in `timeZone`, as `YYYY-MM-DD` (sorts as dates do). */
export function localDate(ms: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `date` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Offsets lie within -12 h and +14 h; a date begins within this window around its UTC midnight. */
const EARLIEST_OFFSET_MS = 14 * 3_600_000;
const LATEST_OFFSET_MS = 12 * 3_600_000;

/**
 * The first quarter hour that lies on `date` in `timeZone`. Every offset in use is a whole
 * number of quarter hours, so this is the local midnight (or, where a clock change skips
 * midnight, the first moment the day has), and whole activity buckets fall on either side.
 */
export function startOfLocalDate(date: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(year, month - 1, day);
  // Quarter hours from `low` (on an earlier date) to `high` (on this date or later).
  let low = (utcMidnight - EARLIEST_OFFSET_MS - ACTIVITY_BUCKET_MS) / ACTIVITY_BUCKET_MS;
  let high = (utcMidnight + LATEST_OFFSET_MS) / ACTIVITY_BUCKET_MS;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (localDate(middle * ACTIVITY_BUCKET_MS, timeZone) < date) low = middle;
    else high = middle;
  }
  return high * ACTIVITY_BUCKET_MS;
}

/**
 * The last `count` local dates up to today in `timeZone`, oldest first, with the instant each
 * begins, and `end`: when tomorrow begins.
 */
export function localDays(now: number, timeZone: string, count: number) {
  const today = localDate(now, timeZone);
  const dates = Array.from({ length: count }, (_, index) => addDays(today, index - count + 1));
  return {
    dates,
    starts: dates.map((date) => startOfLocalDate(date, timeZone)),
    end: startOfLocalDate(addDays(today, 1), timeZone),
  };
}

/** hits / (hits + misses), or null before the first lookup. */
export function hitRate(hits: number, misses: number): number | null {
  const lookups = hits + misses;
  return lookups === 0 ? null : hits / lookups;
}
