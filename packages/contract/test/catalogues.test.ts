import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { localeOptions } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { LOCALES, MESSAGE_CODES } from '../src/index.ts';

/**
 * The catalogues against each other and against the code (decision 028): every locale has every key and no
 * other, with the same placeholders; every key is used; every key used exists; the contract's messages are
 * the catalogue's; no screen writes its words in its own source.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const catalogueOf = (locale: string) =>
  JSON.parse(readFileSync(path.join(repo, 'packages/contract/locales', `${locale}.json`), 'utf8'));

/** A catalogue as `key → message`, nested keys joined with dots. */
function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') flat.set(`${prefix}${key}`, value);
    else for (const entry of flatten(value as Record<string, unknown>, `${prefix}${key}.`)) flat.set(...entry);
  }
  return flat;
}

/** A message's placeholders: arguments and plural/select variables, in order of name. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date) {
      found.add(element.value);
    }
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(element.value);
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    }
    // Rich text (`<strong>{operator}</strong>`): the tag, and what it holds.
    if (element.type === TYPE.tag) {
      found.add(`<${element.value}>`);
      placeholders(element.children, found);
    }
  }
  return found;
}

/**
 * A count a word depends on, outside a plural (decision 043): "{count} envoyés" reads "1 envoyés". A placeholder
 * is a number when it is written `{x, number}` or named as counts are (COUNT_NAMES); a word right after it must
 * come from `{x, plural, ...}`, or from the number's own unit (`{max, number, ::unit/megabyte}`). Words that only
 * lead to another number ("{done} of {total}") depend on neither.
 */
const COUNT_NAMES = new Set(['count', 'n', 'total', 'done', 'max', 'min', 'days', 'more', 'bytes']);

const isNumber = (element: MessageFormatElement | undefined) =>
  element !== undefined &&
  ((element.type === TYPE.number &&
    !(element.style && typeof element.style === 'object' && 'unit' in element.style.parsedOptions)) ||
    (element.type === TYPE.argument && COUNT_NAMES.has(element.value)));

function countsOutsidePlurals(elements: MessageFormatElement[], plurals = new Set<string>()): string[] {
  return elements.flatMap((element, index) => {
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const inside = element.type === TYPE.plural ? new Set([...plurals, element.value]) : plurals;
      return Object.values(element.options).flatMap((option) => countsOutsidePlurals(option.value, inside));
    }
    if (element.type === TYPE.tag) return countsOutsidePlurals(element.children, plurals);
    if (element.type !== TYPE.number && element.type !== TYPE.argument) return [];
    const next = elements[index + 1];
    const wordFollows = next?.type === TYPE.literal && /^[\s\u00a0\u202f]*\p{L}/u.test(next.value);
    const leadsToNumber = isNumber(elements[index + 2]);
    return isNumber(element) && !plurals.has(element.value) && wordFollows && !leadsToNumber ? [element.value] : [];
  });
}

const sourceFiles = (folder: string): string[] =>
  readdirSync(path.join(repo, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(repo, folder, file));

const sources = [...sourceFiles('apps/web/src'), ...sourceFiles('apps/server/src')].map((file) => ({
  file: path.relative(repo, file),
  text: readFileSync(file, 'utf8'),
}));

const english = flatten(catalogueOf('en'));

describe('the catalogues', () => {
  it.each(LOCALES)('%s has every key of the English catalogue and no other, with the same placeholders', (locale) => {
    const catalogue = flatten(catalogueOf(locale));
    expect([...catalogue.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !catalogue.has(key))).toEqual([]);
    const wrong = [...english].filter(([key, message]) => {
      const translated = catalogue.get(key) ?? '';
      return [...placeholders(parse(message))].sort().join() !== [...placeholders(parse(translated))].sort().join();
    });
    expect(wrong.map(([key]) => key)).toEqual([]);
  });

  it.each(LOCALES)('%s says every count a word depends on through a plural', (locale) => {
    const wrong = [...flatten(catalogueOf(locale))].flatMap(([key, message]) =>
      countsOutsidePlurals(parse(message)).map((name) => `${key}: {${name}}`),
    );
    expect(wrong).toEqual([]);
  });

  it.each(LOCALES)("%s names a row's checkbox by what it does, the same checked or not", (locale) => {
    // PrimeReact names an unchecked row's checkbox `selectRow` and a checked one's `unselectRow`; the checkbox
    // says its own state, so a name that says one ("Row Selected") is wrong half the time (decision 043).
    const { aria } = catalogueOf(locale).prime;
    expect(aria.unselectRow).toBe(aria.selectRow);
  });

  it('has a locale file for each locale and no other', () => {
    const files = readdirSync(path.join(repo, 'packages/contract/locales')).map((file) => file.replace(/\.json$/, ''));
    expect(files.sort()).toEqual([...LOCALES].sort());
  });

  it("words the contract's messages as the contract does", () => {
    const codes = new Set([...english.keys()].filter((key) => key.startsWith('messages.')).map((key) => key.slice(9)));
    for (const [message, code] of MESSAGE_CODES) {
      expect(codes.has(code), code).toBe(true);
      expect(english.get(`messages.${code}`), code).toBe(message);
    }
    // The coded ones, with parameters: each code the contract gives one (`coded('files.tooLarge', ...)`).
    const contract = sourceFiles('packages/contract/src').map((file) => readFileSync(file, 'utf8'));
    const codedCodes = contract.flatMap((text) => [...text.matchAll(/coded\(\s*'([\w.]+)'/g)].map((match) => match[1]));
    const fieldCodes = ['common.controlCharacters', 'common.invalidField'];
    expect([...codes].sort()).toEqual([...new Set([...MESSAGE_CODES.values(), ...codedCodes, ...fieldCodes])].sort());
  });

  it('holds no key the code no longer uses', () => {
    const unused = [...english.keys()].filter(
      (key) =>
        !key.startsWith('messages.') &&
        !key.startsWith('prime.') &&
        // The installed app's manifests, which the build writes (apps/web/vite-plugins/locale-manifests.ts).
        !key.startsWith('installedApp.') &&
        !sources.some(({ text }) => text.includes(`'${key}'`) || text.includes(`"${key}"`)),
    );
    expect(unused).toEqual([]);
  });

  it("keeps in `prime` only PrimeReact's own words, by their PrimeReact names (apps/web lib/i18n/prime-locale.ts)", () => {
    const primeReact = localeOptions('en') as Record<string, unknown> & { aria: Record<string, string> };
    const unknown = [...english.keys()]
      .filter((key) => key.startsWith('prime.'))
      .filter((key) => {
        const [, first = '', second] = key.split('.');
        return second === undefined
          ? typeof primeReact[first] !== 'string'
          : first !== 'aria' || !primeReact.aria[second];
      });
    expect(unknown).toEqual([]);
  });

  it('has every key the code asks for', () => {
    const asked = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/\b(?:t\(\s*'|i18nKey=")([\w.]+)['"]/g)].map((match) => ({ file, key: match[1] ?? '' })),
    );
    expect(asked.filter(({ key }) => !english.has(key))).toEqual([]);
  });
});

/** Props that people read: their English belongs in the catalogue. */
const TEXT_PROPS =
  'label|header|placeholder|title|aria-label|alt|emptyMessage|tooltip|summary|detail|message|text|acceptLabel|rejectLabel|legend|caption';

describe('the screens', () => {
  it('write no words of their own in the props people read (JSX text is Biome noJsxLiterals)', () => {
    // A literal that is a catalogue key (`label: 'menu.home'`) is no English.
    const inJsx = new RegExp(`\\b(?:${TEXT_PROPS})=["'](?![a-z]+(?:\\.[a-zA-Z]+)+["'])[^"'{]*[A-Za-z]{2}`, 'g');
    const inObjects = new RegExp(`\\b(?:${TEXT_PROPS}): ['\`](?![a-z]+(?:\\.[a-zA-Z]+)+')[^'\`]*[A-Za-z]{2}`, 'g');
    const found = sources
      .filter(({ file }) => file.startsWith('apps/web/'))
      // A template's placeholders are data (`${church.name} (${church.country})`), not words.
      .map(({ file, text }) => ({ file, text: text.replace(/\$\{[^}]*\}/g, '') }))
      .flatMap(({ file, text }) =>
        [...text.matchAll(inJsx), ...text.matchAll(inObjects)].map((m) => `${file}: ${m[0]}`),
      );
    expect(found).toEqual([]);
  });
});
