import { readFileSync } from 'node:fs';
import path from 'node:path';
import { acceptedLanguages, DEFAULT_LOCALE, LOCALES, type Locale, pickLocale } from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import i18next, { type TFunction } from 'i18next';
import ICU from 'i18next-icu';

/**
 * The server's words in the portal's locales, from the same catalogues as the web app's
 * (packages/contract/locales): the mails (decision 028). Loaded once, at start.
 */
const catalogue = (locale: Locale) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../packages/contract/locales', `${locale}.json`), 'utf8'),
  );

const i18n = i18next.createInstance();
await i18n.use(ICU).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: catalogue(locale) }])),
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The catalogue's words in one locale: `translator('fr')('mail.reset.subject')`. */
export const translator = (locale: Locale): TFunction => i18n.getFixedT(locale);

/** The locale a request's browser prefers among the portal's, from its Accept-Language header. */
export const requestLocale = (request: FastifyRequest): Locale =>
  pickLocale(acceptedLanguages(request.headers['accept-language']));
