/** A date without its time, as the current language writes it. */
export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) {
    return '';
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return iso;
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** Dates as the current language writes them. */
export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) {
    return '';
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return iso;
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "3 minutes ago", "in 2 days". */
export function formatRelative(iso: string, language: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) {
    return iso;
  }
  let value = (time - now) / 1000;
  const formatter = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) {
      return formatter.format(Math.round(value), unit);
    }
    value /= size;
  }
  return formatter.format(Math.round(value), 'year');
}

export function isPast(iso: string | null | undefined, now = Date.now()): boolean {
  if (!iso) {
    return false;
  }
  const time = new Date(iso).getTime();
  return !Number.isNaN(time) && time <= now;
}
