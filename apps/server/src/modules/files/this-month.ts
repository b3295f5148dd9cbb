import type { ThisMonth } from '@portal/contract';
import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { books, downloads, files, languages } from '../../db/schema.ts';
import { type EditionRow, selectEditions, toFileRecord } from './file-view.ts';

/** The member's home shows this month's editions in at most this many of their languages. */
const MOST_LANGUAGES = 3;

/** The year and month it is now in the time zone. */
export function monthIn(timeZone: string, now = new Date()) {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(now);
  const part = (type: 'year' | 'month') => Number(parts.find((each) => each.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

/**
 * The languages of the account's downloads that still exist, most recently downloaded first; when it has
 * none, the portal's first language (the first added, as the download panel's first book: decision 012).
 */
async function languagesOf(db: Database, accountId: string): Promise<string[]> {
  const latest = max(downloads.downloadedAt);
  const downloaded = await db
    .select({ name: languages.name, latest })
    .from(downloads)
    .innerJoin(languages, sql`lower(${languages.name}) = lower(${downloads.languageName})`)
    .where(eq(downloads.accountId, accountId))
    .groupBy(languages.name)
    .orderBy(desc(latest))
    .limit(MOST_LANGUAGES);
  if (downloaded.length > 0) return downloaded.map(({ name }) => name);
  const [first] = await db
    .select({ name: languages.name })
    .from(languages)
    .orderBy(asc(languages.createdAt), asc(languages.name))
    .limit(1);
  return first ? [first.name] : [];
}

/** The month after this one. */
const monthAfter = ({ year, month }: { year: number; month: number }) =>
  month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };

/**
 * This month's editions of every book (first added first) in the account's languages, uploaded or not, and
 * next month's that are uploaded already, in the same order.
 */
export async function thisMonthFor(db: Database, accountId: string, timeZone: string): Promise<ThisMonth> {
  const now = monthIn(timeZone);
  const next = monthAfter(now);
  const ofMonth = ({ year, month }: { year: number; month: number }) =>
    selectEditions(db).where(and(eq(files.year, year), eq(files.month, month)));
  const [names, bookNames, uploaded, early] = await Promise.all([
    languagesOf(db, accountId),
    db.select({ name: books.name }).from(books).orderBy(asc(books.createdAt), asc(books.name)),
    ofMonth(now),
    ofMonth(next),
  ]);
  const key = (book: string, language: string) => `${book.toLowerCase()}\n${language.toLowerCase()}`;
  const inOrder = (rows: EditionRow[]) => {
    const byKey = new Map(rows.map((row) => [key(row.bookName, row.languageName), row]));
    return names.flatMap((language) =>
      bookNames.map(({ name: book }) => ({ book, language, row: byKey.get(key(book, language)) })),
    );
  };
  const editions = inOrder(uploaded).map(({ book, language, row }) => ({
    book,
    language,
    file: row ? toFileRecord(row) : null,
  }));
  const outEarly = inOrder(early).flatMap(({ row }) => (row ? [toFileRecord(row)] : []));
  return { ...now, languages: names, editions, nextMonth: { ...next, files: outEarly } };
}
