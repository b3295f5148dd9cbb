import type { ThisMonth } from '@portal/contract';
import { and, asc, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { books, downloads, files, languages } from '../../db/schema.ts';
import { selectEditions, toFileRecord } from './file-view.ts';

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

/** This month's editions of every book (first added first) in the account's languages, uploaded or not. */
export async function thisMonthFor(db: Database, accountId: string, timeZone: string): Promise<ThisMonth> {
  const { year, month } = monthIn(timeZone);
  const [names, bookNames, uploaded] = await Promise.all([
    languagesOf(db, accountId),
    db.select({ name: books.name }).from(books).orderBy(asc(books.createdAt), asc(books.name)),
    selectEditions(db).where(and(eq(files.year, year), eq(files.month, month))),
  ]);
  const key = (book: string, language: string) => `${book.toLowerCase()}\n${language.toLowerCase()}`;
  const byKey = new Map(uploaded.map((row) => [key(row.bookName, row.languageName), row]));
  const editions = names.flatMap((language) =>
    bookNames.map(({ name: book }) => {
      const row = byKey.get(key(book, language));
      return { book, language, file: row ? toFileRecord(row) : null };
    }),
  );
  return { year, month, languages: names, editions };
}
