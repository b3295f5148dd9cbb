import { addLocale, type LocaleOptions, localeOptions, locale as setPrimeLocale } from 'primereact/api';
import { calendarNames } from './format.ts';
import { activeLocale, i18n } from './i18n.ts';

interface PrimeWords {
  aria?: Record<string, string>;
  [word: string]: unknown;
}

/**
 * PrimeReact's own words (the paginator's and the tables' labels, an empty dropdown, the confirm dialog's Yes and
 * No, the calendar) in the active locale: the catalogue's `prime` section, in PrimeReact's own templates (it
 * fills `{page}` itself), with day and month names through Intl. Registers them, makes them PrimeReact's
 * current words, and returns the locale's name for PrimeReactProvider.
 */
export function primeLocale(): string {
  const locale = activeLocale();
  const { aria, ...words } = (i18n.getResourceBundle(locale, 'translation')?.prime ?? {}) as PrimeWords;
  // addLocale fills what is missing from English, but not inside `aria`.
  addLocale(locale, {
    ...words,
    ...calendarNames(),
    aria: { ...(localeOptions('en') as LocaleOptions).aria, ...aria },
  });
  setPrimeLocale(locale);
  return locale;
}
