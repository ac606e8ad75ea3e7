const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export interface FormatBytesOptions {
  /** The largest unit shown: sizes stop at GB ("2,048 GB"), storage capacities go on to TB. */
  largestUnit?: 'GB' | 'TB';
}

/**
 * Number formats by language and decimals: making one costs about 50 µs, and a fast scroll of
 * a large folder writes thousands of sizes.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, digits: number): Intl.NumberFormat {
  const key = `${language}\n${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format;
}

/** "812 B", "4.2 KB", "1.5 MB": steps of 1024, one decimal below 100 of a unit. */
export function formatBytes(
  bytes: number,
  language: string,
  { largestUnit = 'GB' }: FormatBytesOptions = {},
): string {
  const lastUnit = BYTE_UNITS.indexOf(largestUnit);
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < lastUnit) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = numberFormat(language, digits).format(value);
  return `${number} ${BYTE_UNITS[unit]}`;
}
