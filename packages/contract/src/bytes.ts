const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/**
 * A file's size in the locale's units and separators (decision 043): "3.4 MB", "3,4 Mo", "MB 3.4". Counted in
 * 1,024s, as the portal's limits are (30 MB is 30 × 1,048,576 bytes); one decimal under 10, none above;
 * under a kilobyte, the unit's whole name.
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const fractionDigits = unit > 0 && value < 10 ? 1 : 0;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    // "512 byte" is the short form in English; "512 bytes", "512 octets" say it better.
    unitDisplay: unit === 0 ? 'long' : 'short',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}
