/** "1,234": whole numbers grouped as the language groups them. */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** "75%" from 0.75, with one decimal below 10%. */
export function formatPercent(rate: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: rate < 0.1 ? 1 : 0,
  }).format(rate);
}

/** A local date (`YYYY-MM-DD`) as a short axis label: "Mon 1/6", "6/1 周一". */
export function formatDay(date: string, language: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, month - 1, day));
}
