/**
 * Where each day of an edition's month begins (issue 33, decision 050), from the text of its pages: pure logic,
 * no PDF and no database. A day begins on a page whose first lines carry its date heading, in the edition's
 * language or in English: "27 November", "November 27", "Friday, November 27", "27 de noviembre", "Día 27",
 * "Day 27". Month and weekday names, and the word for "day", come from `Intl` for the language's ISO 639 code.
 */

/** The lines of a page's top where a day's heading may stand: a date further down is running text. */
const HEAD_LINES = 5;
const HEAD_CHARS = 300;

export interface FoundDays {
  source: 'headings' | 'none';
  /** Day of the month -> the 1-based page it begins on, days in order. */
  days: Map<number, number>;
}

/** Lower case, without accents, whitespace made single spaces: "Día" and "dia" read alike. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\S\n]+/g, ' ');

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The languages whose words are looked for: the edition's (when `Intl` knows its code) and English. */
function localesOf(code: string | null): string[] {
  if (!code) return ['en'];
  try {
    const [known] = Intl.DateTimeFormat.supportedLocalesOf(code);
    return known && !known.startsWith('en') ? [known, 'en'] : ['en'];
  } catch {
    return ['en'];
  }
}

/** The names the month goes by in `locales`: alone, inside a date (genitive forms), and short ("nov."). */
function monthNames(locales: string[], year: number, month: number): string[] {
  const date = new Date(Date.UTC(year, month - 1, 15));
  const names = new Set<string>();
  for (const locale of locales) {
    names.add(new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(date));
    for (const width of ['long', 'short'] as const) {
      const parts = new Intl.DateTimeFormat(locale, { day: 'numeric', month: width, timeZone: 'UTC' }).formatToParts(
        date,
      );
      const name = parts.find((part) => part.type === 'month')?.value;
      if (name) names.add(name.replace(/\.$/, ''));
    }
  }
  return [...names].map(plain).filter((name) => name.length >= 3 && !/\d/.test(name));
}

/** The word for "day" in `locales` ("day", "jour", "día", "dia", "siku"). */
const dayWords = (locales: string[]) =>
  locales.map((locale) => plain(new Intl.DisplayNames(locale, { type: 'dateTimeField' }).of('day') ?? 'day'));

/** A heading's patterns; each one's first group is the day's number. */
function headingPatterns(locales: string[], year: number, month: number): RegExp[] {
  const months = monthNames(locales, year, month).map(literal).join('|');
  const days = dayWords(locales).map(literal).join('|');
  return [
    // "27 November", "27 de noviembre", "1er novembre", "1st November", "27. November"
    new RegExp(`(?<![\\d/.:-])(\\d{1,2})(?:st|nd|rd|th|er|º|°|\\.)? (?:de )?(?:${months})\\b`, 'gu'),
    // "November 27", "Friday, November 27th"
    new RegExp(`\\b(?:${months})\\.? (\\d{1,2})(?:st|nd|rd|th)?(?![\\d/.:-]\\d)`, 'gu'),
    // "Day 27", "Día 27", "Siku 27", "Siku ya 27"
    new RegExp(`\\b(?:${days})(?: ya)? (\\d{1,2})(?!\\d)`, 'gu'),
  ];
}

/** A page's lines as read, trimmed, the empty ones left out. */
export const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The top of a page: its first lines, not its running text. */
function headOf(text: string): string {
  return linesOf(plain(text)).slice(0, HEAD_LINES).join('\n').slice(0, HEAD_CHARS);
}

/** The day whose heading stands first at the top of a page, if any. */
function headingDay(head: string, patterns: RegExp[], daysInMonth: number): number | undefined {
  let first: { at: number; day: number } | undefined;
  for (const pattern of patterns) {
    for (const match of head.matchAll(pattern)) {
      const day = Number(match[1]);
      if (day < 1 || day > daysInMonth) continue;
      if (!first || match.index < first.at) first = { at: match.index, day };
      break;
    }
  }
  return first?.day;
}

/**
 * A day's first lines without the date heading at their top (the card says the date itself): the lines there
 * that name `day` as a heading does, in the language of ISO 639 code `code` or English.
 */
export function linesAfterHeading(lines: string[], code: string | null, year: number, month: number, day: number) {
  const patterns = headingPatterns(localesOf(code), year, month);
  const namesDay = (line: string) =>
    patterns.some((pattern) => [...plain(line).matchAll(pattern)].some((match) => Number(match[1]) === day));
  const first = lines.findIndex((line, index) => index >= HEAD_LINES || !namesDay(line));
  return first === -1 ? [] : lines.slice(first);
}

/**
 * The longest run of headings whose days rise as the pages go on: a heading out of order (a page that names
 * another day at its top) is left out. Ties keep the earlier pages.
 */
function risingRun(headings: { page: number; day: number }[]) {
  const chains: { page: number; day: number; length: number; previous?: number }[] = [];
  headings.forEach((heading, i) => {
    let chain: { length: number; previous?: number } = { length: 1 };
    for (let j = 0; j < i; j++) {
      const earlier = chains[j];
      if (earlier && earlier.day < heading.day && earlier.length + 1 > chain.length)
        chain = { length: earlier.length + 1, previous: j };
    }
    chains.push({ ...heading, ...chain });
  });
  const end = chains.reduce<number | undefined>(
    (best, chain, i) => (best === undefined || chain.length > (chains[best]?.length ?? 0) ? i : best),
    undefined,
  );
  const run: { page: number; day: number }[] = [];
  for (let chain = end === undefined ? undefined : chains[end]; chain; chain = chains[chain.previous ?? -1]) {
    run.unshift({ page: chain.page, day: chain.day });
  }
  return run;
}

/**
 * Finds where each day of `month` of `year` begins in an edition whose pages' text is `pages` (page 1 first),
 * in the language of ISO 639 code `code` (null: English only). Pages that carry the same day's heading one
 * after another (a running header) count from the first. Fewer than a quarter of the month's days found is
 * taken for no headings at all: a few dates in an undated edition are not its days.
 */
export function findDays(pages: string[], code: string | null, year: number, month: number): FoundDays {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const patterns = headingPatterns(localesOf(code), year, month);
  const headings: { page: number; day: number }[] = [];
  pages.forEach((text, index) => {
    const day = headingDay(headOf(text), patterns, daysInMonth);
    if (day !== undefined && headings.at(-1)?.day !== day) headings.push({ page: index + 1, day });
  });
  const run = risingRun(headings);
  if (run.length < Math.ceil(daysInMonth / 4)) return { source: 'none', days: new Map() };
  return { source: 'headings', days: new Map(run.map(({ day, page }) => [day, page])) };
}
