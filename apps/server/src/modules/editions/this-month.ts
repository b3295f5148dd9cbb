import type { Locale, ThisMonth, Today } from '@portal/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { books, editionDays, editionPages, files, languages } from '../../db/schema.ts';
import { defaultLanguageIds } from '../notifications/service.ts';
import { linesAfterHeading, linesOf } from './days/find-days.ts';
import { type EditionRow, selectEditions, toFileRecord } from './edition-view.ts';

/** The member's home shows this month's editions in at most this many of their languages, unless they pick more. */
const MOST_LANGUAGES = 3;

const collator = new Intl.Collator('en');

/** The date it is now in the time zone. */
export function dateIn(timeZone: string, now = new Date()) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((each) => each.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The year and month it is now in the time zone. */
export function monthIn(timeZone: string, now = new Date()) {
  const { year, month } = dateIn(timeZone, now);
  return { year, month };
}

/** The first lines of a day's reading shown on its card: its heading's and a few after. */
const TODAY_LINES = 4;
const TODAY_LINE_LENGTH = 120;

/**
 * Today's reading in each of these editions whose day map has today (issue 33, point 2): its day, its first page
 * and the first lines of that page's text after its date heading (none while the PDF waits to be read), by file id.
 */
async function todayIn(db: Database, fileIds: string[], day: number) {
  if (fileIds.length === 0) return new Map<string, Today>();
  const maps = await db
    .select({
      fileId: editionDays.fileId,
      days: editionDays.days,
      code: languages.code,
      year: files.year,
      month: files.month,
    })
    .from(editionDays)
    .innerJoin(files, eq(files.id, editionDays.fileId))
    .innerJoin(languages, eq(languages.id, files.languageId))
    .where(inArray(editionDays.fileId, fileIds));
  const pages = maps.flatMap(({ days, ...edition }) => {
    const today = days.find((each) => each.day === day);
    return today ? [{ ...edition, page: today.page }] : [];
  });
  if (pages.length === 0) return new Map<string, Today>();
  const texts = await db
    .select({ fileId: editionPages.fileId, page: editionPages.page, text: editionPages.text })
    .from(editionPages)
    .where(or(...pages.map(({ fileId, page }) => and(eq(editionPages.fileId, fileId), eq(editionPages.page, page)))));
  const textOf = new Map(texts.map(({ fileId, page, text }) => [`${fileId} ${page}`, text]));
  return new Map(
    pages.map(({ fileId, page, code, year, month }) => {
      const lines = linesAfterHeading(linesOf(textOf.get(`${fileId} ${page}`) ?? ''), code, year, month, day)
        .slice(0, TODAY_LINES)
        .map((line) => (line.length > TODAY_LINE_LENGTH ? `${line.slice(0, TODAY_LINE_LENGTH - 1)}…` : line));
      return [fileId, { day, page, lines }];
    }),
  );
}

/** The member's edition languages (the one rule, defaultLanguageIds), in its order. */
function languagesOf(db: Database, accountId: string, locale: Locale | undefined) {
  const mine = defaultLanguageIds(accountId, locale ?? null);
  return db
    .select({ id: languages.id, name: languages.name })
    .from(languages)
    .where(sql`${languages.id} = any(${mine})`)
    .orderBy(sql`array_position(${mine}, ${languages.id})`);
}

/** The month after this one. */
const monthAfter = ({ year, month }: { year: number; month: number }) =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };

/** What the home asks: the interface's locale, and the languages picked with the home's switch. */
export interface HomeLanguages {
  locale?: Locale | undefined;
  languages?: string[] | undefined;
}

/**
 * This month's editions of every book (first added first) in the languages shown, uploaded or not, and next
 * month's that are uploaded already, in the same order; with the languages the home's switch offers.
 */
export async function thisMonthFor(
  db: Database,
  accountId: string,
  timeZone: string,
  picked: HomeLanguages = {},
  at = new Date(),
): Promise<ThisMonth> {
  const { day, ...now } = dateIn(timeZone, at);
  const next = monthAfter(now);
  const ofMonth = ({ year, month }: { year: number; month: number }) =>
    selectEditions(db).where(and(eq(files.year, year), eq(files.month, month)));
  const [mine, bookNames, uploaded, early] = await Promise.all([
    languagesOf(db, accountId, picked.locale),
    db.select({ name: books.name }).from(books).orderBy(asc(books.createdAt), asc(books.name)),
    ofMonth(now),
    ofMonth(next),
  ]);
  // The switch offers the languages this month has editions in, the member's own first, then by name.
  const withEditions = new Map(uploaded.map(({ file, languageName }) => [file.languageId, languageName]));
  const rank = (id: string) => mine.findIndex((language) => language.id === id);
  const languageChoices = [...withEditions]
    .map(([id, name]) => ({ id, name }))
    .sort(
      (a, b) =>
        (rank(a.id) < 0 ? mine.length : rank(a.id)) - (rank(b.id) < 0 ? mine.length : rank(b.id)) ||
        collator.compare(a.name, b.name),
    );
  const picks = languageChoices.filter(({ id }) => picked.languages?.includes(id));
  const shown = picks.length > 0 ? picks : mine.slice(0, MOST_LANGUAGES);
  const names = shown.map(({ name }) => name);
  const key = (book: string, language: string) => `${book.toLowerCase()}\n${language.toLowerCase()}`;
  const inOrder = (rows: EditionRow[]) => {
    const byKey = new Map(rows.map((row) => [key(row.bookName, row.languageName), row]));
    return names.flatMap((language) =>
      bookNames.map(({ name: book }) => ({ book, language, row: byKey.get(key(book, language)) })),
    );
  };
  const shownEditions = inOrder(uploaded);
  const today = await todayIn(
    db,
    shownEditions.flatMap(({ row }) => (row ? [row.file.id] : [])),
    day,
  );
  const editions = shownEditions.map(({ book, language, row }) => ({
    book,
    language,
    file: row ? toFileRecord(row) : null,
    today: (row && today.get(row.file.id)) ?? null,
  }));
  const outEarly = inOrder(early).flatMap(({ row }) => (row ? [toFileRecord(row)] : []));
  return {
    ...now,
    languages: names,
    languageIds: shown.map(({ id }) => id),
    languageChoices,
    editions,
    nextMonth: { ...next, files: outEarly },
  };
}
