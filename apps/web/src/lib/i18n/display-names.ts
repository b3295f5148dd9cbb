import { activeLocale, PSEUDO_LOCALE } from './i18n.ts';

/**
 * Languages and countries named in the interface's language by the browser (`Intl.DisplayNames`), from their ISO
 * codes: `sw` is "Kiswahili" in Swahili and "Swahili" in French, `ES` "España" in Spanish (decision 041).
 */
const displayNames = new Map<string, Intl.DisplayNames>();

function nameOf(type: 'language' | 'region', code: string, locale = interfaceLocale()): string | undefined {
  let names = displayNames.get(`${type}:${locale}`);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type, fallback: 'none' });
    displayNames.set(`${type}:${locale}`, names);
  }
  try {
    const name = names.of(code);
    // French and Spanish write language names in lower case; a name alone in a list starts with a capital.
    return name && name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  } catch {
    return undefined;
  }
}

const interfaceLocale = () => (activeLocale() === PSEUDO_LOCALE ? 'en' : activeLocale());

/**
 * A language's name from its ISO 639 code, in the interface's language; in English where the browser knows no
 * other (Chromium names Kikuyu in English only), else the code.
 */
export const languageName = (code: string): string =>
  nameOf('language', code) ?? nameOf('language', code, 'en') ?? code;

/** A country's name from its ISO 3166 code, in the interface's language; undefined where the browser has none. */
export const countryName = (code: string): string | undefined => nameOf('region', code);

/** Compares names as the interface's language sorts them. */
export const byLocaleName = (a: string, b: string) =>
  a.localeCompare(b, activeLocale() === PSEUDO_LOCALE ? 'en' : activeLocale());
