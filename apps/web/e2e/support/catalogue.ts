import { readFileSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';

/** A locale's catalogue (packages/contract/locales), for tests that check the words a screen draws from it. */
export const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../../../packages/contract/locales', `${locale}.json`), 'utf8'),
  );

/**
 * What the catalogue of `locale` says for a key (`auth.register.successful`), its values filled in as the portal
 * fills them; rich-text tags are dropped, leaving their words.
 */
export function say(locale: string, key: string, values: Record<string, string | number> = {}): string {
  const message = key.split('.').reduce((node, part) => node[part], catalogue(locale));
  if (typeof message !== 'string') throw new Error(`${locale} has no message ${key}`);
  const tags = Object.fromEntries(
    [...message.matchAll(/<(\w+)>/g)].map(([, tag]) => [tag, (words: string[]) => words.join('')]),
  );
  const said = new IntlMessageFormat(message, locale).format({ ...tags, ...values });
  return Array.isArray(said) ? said.join('') : String(said);
}
