import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale, pickLocale } from '@portal/contract';
import i18next from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { localeManifestPath } from '../pwa/manifest-path.ts';

/**
 * The portal's interface text (decision 028): i18next with ICU messages, one catalogue per locale in
 * packages/contract/locales, each fetched only when its locale is used, in two parts
 * (vite-plugins/catalogue-parts.ts): the words every page needs, and those of the pages behind a route,
 * fetched with the first of them (loadLaterWords).
 */
const firstParts = import.meta.glob<Record<string, unknown>>('../../../../../packages/contract/locales/*.json', {
  query: '?part=first',
  import: 'default',
});
const laterParts = import.meta.glob<Record<string, unknown>>('../../../../../packages/contract/locales/*.json', {
  query: '?part=later',
  import: 'default',
});
const PARTS = { first: firstParts, later: laterParts };
type Part = keyof typeof PARTS;

/** The pseudo-locale of the layout tests: English accented and 40% longer (pseudo-locale.ts). */
export const PSEUDO_LOCALE = 'en-XA';

/** A locale the interface can be shown in: the portal's, or the pseudo-locale. */
export type UiLocale = Locale | typeof PSEUDO_LOCALE;

const isUiLocale = (value: unknown): value is UiLocale => isLocale(value) || value === PSEUDO_LOCALE;

const CHOICE_KEY = 'portal.locale';

async function catalogueOf(locale: UiLocale, part: Part): Promise<Record<string, unknown>> {
  if (locale === PSEUDO_LOCALE) {
    const [english, { pseudoCatalogue }] = await Promise.all([catalogueOf('en', part), import('./pseudo-locale.ts')]);
    return pseudoCatalogue(english);
  }
  const load = PARTS[part][`../../../../../packages/contract/locales/${locale}.json`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  return load();
}

export const i18n = i18next.createInstance();

/** The locale the interface is in now. */
export const activeLocale = (): UiLocale => (isUiLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);

/** The portal's locale the interface is in now (the pseudo-locale's is English): what an account keeps. */
export const portalLocale = (): Locale => {
  const locale = activeLocale();
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
};

/** The locale a page address starts with: /fr/dist is French; /login has none. */
export function localeOfPath(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1]?.toLowerCase();
  return isLocale(first) ? first : undefined;
}

/** The person's own choice, remembered in this browser. */
function rememberedLocale(): UiLocale | undefined {
  try {
    const choice = localStorage.getItem(CHOICE_KEY);
    return isUiLocale(choice) ? choice : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The locale a page opens in: the one in its address, else the one chosen before in this browser, else the
 * closest to the browser's languages (what it sends as Accept-Language).
 */
export function startingLocale(pathname: string): UiLocale {
  return localeOfPath(pathname) ?? rememberedLocale() ?? pickLocale(navigator.languages ?? [navigator.language]);
}

/** The parts of the catalogues the pages shown so far needed: a change of locale fetches them in the new one. */
const partsWanted = new Set<Part>(['first']);

/** The parts of catalogues i18next has, as `locale:part`. */
const partsAdded = new Set<string>();

/** Adds a part of the locale's catalogue to i18next, unless it is there already. */
async function addPart(locale: UiLocale, part: Part) {
  if (partsAdded.has(`${locale}:${part}`)) return;
  i18n.addResourceBundle(locale, 'translation', await catalogueOf(locale, part), true, false);
  partsAdded.add(`${locale}:${part}`);
}

/** The words of the pages behind a route, in the locale shown now; the router waits for them before such a page. */
export async function loadLaterWords(): Promise<void> {
  partsWanted.add('later');
  await addPart(activeLocale(), 'later');
}

/** The document in `locale`: its language, and the installed app's name and description (its manifest). */
function showIn(locale: UiLocale) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  if (isLocale(locale))
    document.querySelector('link[rel="manifest"]')?.setAttribute('href', localeManifestPath(locale));
}

/** Shows the interface in `locale`, fetching its catalogue first; `remember` keeps it as this browser's choice. */
export async function changeLocale(locale: UiLocale, { remember = true } = {}): Promise<void> {
  // In turn, so that a page behind a route that asked for the later words meanwhile gets them in this locale too.
  for (const part of ['first', 'later'] as const) if (partsWanted.has(part)) await addPart(locale, part);
  await i18n.changeLanguage(locale);
  showIn(locale);
  if (remember) {
    try {
      localStorage.setItem(CHOICE_KEY, locale);
    } catch {
      // Storage refused (private mode): the choice holds until the tab closes.
    }
  }
}

/** Starts i18next in `locale` with the first part of its catalogue; the app renders after. */
export async function startI18n(locale: UiLocale): Promise<void> {
  await i18n
    .use(ICU)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES, PSEUDO_LOCALE],
      resources: { [locale]: { translation: await catalogueOf(locale, 'first') } },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  partsAdded.add(`${locale}:first`);
  showIn(locale);
}

/** A page for visitors in a locale: `localePath('fr', 'dist')` is /fr/dist. */
export const localePath = (locale: UiLocale, page: string) =>
  `/${isLocale(locale) ? locale : DEFAULT_LOCALE}/${page.replace(/^\//, '')}`;

/** The same page in another locale: /fr/account/register → /sw/account/register; a path without one stays. */
export function withLocale(pathname: string, locale: UiLocale): string {
  const current = localeOfPath(pathname);
  return current ? localePath(locale, pathname.slice(current.length + 2)) : pathname;
}
