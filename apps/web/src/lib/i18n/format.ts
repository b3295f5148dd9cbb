import { formatBytes } from '@portal/contract';
import { activeLocale, PSEUDO_LOCALE } from './i18n.ts';

/**
 * Dates, months and numbers in the active locale, through Intl: every screen's come from here (decision 028).
 * Formatters are made once per locale.
 */
interface Formatters {
  dateTime: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
  monthYear: Intl.DateTimeFormat;
  number: Intl.NumberFormat;
}
const formatters = new Map<string, Formatters>();

/** The Intl locale of a portal locale: English dates are British ones (5 Mar 2025), the pseudo-locale's English. */
const intlLocaleOf = (locale: string) => (locale === PSEUDO_LOCALE || locale === 'en' ? 'en-GB' : locale);

function formattersOf(locale: string) {
  let made = formatters.get(locale);
  if (!made) {
    const intlLocale = intlLocaleOf(locale);
    made = {
      dateTime: new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'short' }),
      day: new Intl.DateTimeFormat(intlLocale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
      month: new Intl.DateTimeFormat(intlLocale, { month: 'long', timeZone: 'UTC' }),
      monthYear: new Intl.DateTimeFormat(intlLocale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      number: new Intl.NumberFormat(intlLocale),
    };
    formatters.set(locale, made);
  }
  return made;
}

/** In the pseudo-locale, what came through here is marked as the catalogue's words are: ⟦5 Mar 2025, 14:07⟧. */
const marked = (text: string) => (activeLocale() === PSEUDO_LOCALE ? `⟦${text}⟧` : text);

/** A wire timestamp as people read it, in the browser's time zone: "5 Mar 2025, 14:07", "5 mars 2025, 14:07". */
export const formatDateTime = (iso: string) => marked(formattersOf(activeLocale()).dateTime.format(new Date(iso)));

/** A month's name, 1 to 12: "March", "mars", "Machi". */
export const formatMonth = (month: number) =>
  marked(formattersOf(activeLocale()).month.format(new Date(Date.UTC(2000, month - 1, 1))));

/** A day of an edition's month: "Saturday 28 November", "samedi 28 novembre". */
export const formatDay = (day: number, month: number, year: number) =>
  marked(formattersOf(activeLocale()).day.format(new Date(Date.UTC(year, month - 1, day))));

/** An edition's month: "March 2025", "mars 2025". */
export const formatMonthYear = (month: number, year: number) =>
  marked(formattersOf(activeLocale()).monthYear.format(new Date(Date.UTC(year, month - 1, 1))));

/** The twelve months' names with their numbers, for a month picker. */
export const monthOptions = () =>
  Array.from({ length: 12 }, (_, index) => ({ label: formatMonth(index + 1), value: index + 1 }));

/** A count as people read it: "12,345", "12 345". */
export const formatNumber = (value: number) => marked(formattersOf(activeLocale()).number.format(value));

/** A file's size in the locale's units: "3.4 MB", "3,4 Mo". */
export const formatFileSize = (bytes: number) => marked(formatBytes(bytes, intlLocaleOf(activeLocale())));

/** Day and month names, Sunday and January first, as a calendar shows them: "lundi", "lun.", "janvier", "janv.". */
export function calendarNames() {
  const locale = intlLocaleOf(activeLocale());
  const names = (options: Intl.DateTimeFormatOptions, dates: Date[]) => {
    const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    return dates.map((date) => marked(format.format(date)));
  };
  // 2023-01-01 was a Sunday.
  const days = Array.from({ length: 7 }, (_, index) => new Date(Date.UTC(2023, 0, 1 + index)));
  const months = Array.from({ length: 12 }, (_, index) => new Date(Date.UTC(2023, index, 1)));
  return {
    dayNames: names({ weekday: 'long' }, days),
    dayNamesShort: names({ weekday: 'short' }, days),
    dayNamesMin: names({ weekday: 'narrow' }, days),
    monthNames: names({ month: 'long' }, months),
    monthNamesShort: names({ month: 'short' }, months),
  };
}
