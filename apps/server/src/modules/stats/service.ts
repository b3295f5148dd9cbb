import { type CountItem, type DateRange, type DownloadEntry, monthName, type StatsSummary } from '@portal/contract';
import { and, count, countDistinct, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../db/ids.ts';
import type { Database } from '../../db/index.ts';
import { sameName } from '../../db/names.ts';
import { accounts, books, downloads } from '../../db/schema.ts';

/** Where the statistics' days begin and end. */
export interface Clock {
  timeZone: string;
}

const startOfDay = (date: string, { timeZone }: Clock) => sql`((${date})::date)::timestamp at time zone ${timeZone}`;
const startOfNextDay = (date: string, { timeZone }: Clock) =>
  sql`((${date})::date + 1)::timestamp at time zone ${timeZone}`;
const startOfCurrent = (unit: 'month' | 'year', { timeZone }: Clock) =>
  sql`date_trunc(${unit}, now() at time zone ${timeZone}) at time zone ${timeZone}`;

/** Both ends inclusive: from the start day's first moment to before the day after the end. */
export const withinDays = (range: DateRange, clock: Clock) =>
  and(
    gte(downloads.downloadedAt, startOfDay(range.start, clock)),
    lt(downloads.downloadedAt, startOfNextDay(range.end, clock)),
  );

/** The book's stored name (downloads keep the exact name), so the (book_name, downloaded_at) index serves. */
async function canonicalBook(db: Database, book: string | undefined): Promise<string | null | undefined> {
  if (!book) return undefined;
  const [row] = await db.select({ name: books.name }).from(books).where(sameName(books.name, book));
  return row?.name ?? null;
}

async function countWhere(db: Database, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(downloads).where(where);
  return row?.n ?? 0;
}

export async function countByLanguage(
  db: Database,
  clock: Clock,
  query: DateRange & { book?: string | undefined },
): Promise<CountItem[]> {
  const book = await canonicalBook(db, query.book);
  if (book === null) return [];
  const rows = await db
    .select({ _id: downloads.languageName, count: count() })
    .from(downloads)
    .where(and(withinDays(query, clock), book ? eq(downloads.bookName, book) : undefined))
    .groupBy(downloads.languageName)
    .orderBy(desc(count()), downloads.languageName);
  return rows;
}

export async function countByBook(db: Database): Promise<CountItem[]> {
  return db
    .select({ _id: downloads.bookName, count: count() })
    .from(downloads)
    .groupBy(downloads.bookName)
    .orderBy(desc(count()), downloads.bookName);
}

export async function summary(
  db: Database,
  clock: Clock,
  query: DateRange & { book?: string | undefined },
): Promise<StatsSummary> {
  const book = await canonicalBook(db, query.book);
  const ofBook = book ? eq(downloads.bookName, book) : book === null ? sql`false` : undefined;
  const range = and(withinDays(query, clock), ofBook);
  // Independent reads: on a PostgreSQL server they run side by side on the pool's connections.
  const [[totals], [top], thisMonth, thisYear] = await Promise.all([
    db
      .select({ inRange: count(), activeUsers: countDistinct(downloads.accountId) })
      .from(downloads)
      .where(range),
    countByLanguage(db, clock, query),
    countWhere(db, and(gte(downloads.downloadedAt, startOfCurrent('month', clock)), ofBook)),
    countWhere(db, and(gte(downloads.downloadedAt, startOfCurrent('year', clock)), ofBook)),
  ]);
  return {
    inRange: totals?.inRange ?? 0,
    activeUsers: totals?.activeUsers ?? 0,
    thisMonth,
    thisYear,
    topLanguage: top ?? null,
  };
}

/** How many downloads an account made (in the range); an id that can't be an account's made none. */
export async function countForAccount(db: Database, clock: Clock, accountId: string, range?: DateRange) {
  if (!isUuid(accountId)) return 0;
  return countWhere(db, and(eq(downloads.accountId, accountId), range ? withinDays(range, clock) : undefined));
}

/** One account's downloads, newest first; an id that can't be an account's has none. */
export async function listAccountDownloads(db: Database, accountId: string, page: { first: number; rows: number }) {
  if (!isUuid(accountId)) return { items: [], total: 0 };
  return listDownloads(db, eq(downloads.accountId, accountId), page);
}

export async function myCounts(db: Database, clock: Clock, accountId: string) {
  const mine = eq(downloads.accountId, accountId);
  return {
    thisMonth: await countWhere(db, and(mine, gte(downloads.downloadedAt, startOfCurrent('month', clock)))),
    thisYear: await countWhere(db, and(mine, gte(downloads.downloadedAt, startOfCurrent('year', clock)))),
    total: await countWhere(db, mine),
  };
}

/** Download transactions, newest first, a page at a time. */
export async function listDownloads(
  db: Database,
  where: SQL | undefined,
  page: { first: number; rows: number },
): Promise<{ items: DownloadEntry[]; total: number }> {
  const rows = await db
    .select({ download: downloads, email: accounts.email })
    .from(downloads)
    .leftJoin(accounts, eq(accounts.id, downloads.accountId))
    .where(where)
    .orderBy(desc(downloads.downloadedAt))
    .limit(page.rows)
    .offset(page.first);
  const items = rows.map(({ download, email }) => ({
    _id: download.id,
    user: download.accountId,
    email,
    file: download.fileId,
    book_name: download.bookName,
    book_language: download.languageName,
    book_month: monthName(download.month),
    book_year: download.year,
    created: download.downloadedAt.toISOString(),
  }));
  return { items, total: await countWhere(db, where) };
}
