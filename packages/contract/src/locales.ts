/**
 * The languages the portal itself speaks: its screens, messages and e-mails (issue 15). Each has one catalogue,
 * `packages/contract/locales/<locale>.json`; adding a locale is that file and a line here, its name as its
 * readers write it (`fr: 'Français'`).
 */
export const LOCALE_NAMES = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  sw: 'Kiswahili',
} as const;

export type Locale = keyof typeof LOCALE_NAMES;

export const LOCALES = Object.keys(LOCALE_NAMES) as Locale[];

/** The locale of the spec's own addresses (`/en/dist`) and of anyone whose languages the portal does not speak. */
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && Object.hasOwn(LOCALE_NAMES, value);

/**
 * The portal's locale closest to a person's languages, most preferred first (`navigator.languages`, or an
 * `Accept-Language` header's tags): `pt-BR` is Portuguese, `fr-CA` French; none spoken gives English.
 */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** An `Accept-Language` header's tags by their weight, most preferred first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: quality === undefined ? 1 : Number(quality), index };
    })
    .filter(({ tag, weight }) => tag && tag !== '*' && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
