/** Largest PDF edition accepted (30 MB). */
export const MAX_PDF_BYTES = 31_457_280;
/** Largest book cover image accepted (5 MB). */
export const MAX_COVER_BYTES = 5_242_880;
/** A book cover as the cards show it, in pixels: 3 by 4, sharp at three device pixels per CSS pixel. */
export const COVER_SIZE = { width: 240, height: 320 } as const;
/** Largest country-list JSON accepted. */
export const MAX_COUNTRY_JSON_BYTES = 3_000_000;
/** Largest JSON request body. */
export const MAX_JSON_BODY_BYTES = 1_048_576;

export const PAGE_SIZE_OPTIONS = [5, 10, 25] as const;
export const FIRST_YEAR = 2022;
/** The days the portal takes (statistics ranges, legacy records' dates): PostgreSQL and JavaScript hold every one. */
export const FIRST_DATE = '1900-01-01';
export const LAST_DATE = '9999-12-31';

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export type Month = (typeof MONTHS)[number];

/** Years offered for editions: the current year down to FIRST_YEAR. */
export function editionYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = now.getFullYear(); year >= FIRST_YEAR; year--) years.push(year);
  return years;
}
