import {
  ADMIN_ROLES,
  type CountItem,
  type DateRange,
  type DownloadEntry,
  monthName,
  type StaffFilter,
  type StatsSummary,
} from '@portal/contract';
import { and, count, desc, eq, gte, lt, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isUuid } from '../../db/ids.ts';
import type { Database } from '../../db/index.ts';
import { sameName } from '../../db/names.ts';
import { accounts, books, downloadCounts, downloadReaders, downloads } from '../../db/schema.ts';
import { covering } from './spans.ts';

/** Where the statistics' days begin and end. */
export interface Clock {
  timeZone: string;
}

/** Whether the staff's downloads count too; by default the statistics count the members' alone. */
type Staff = Partial<StaffFilter>;

/** A statistic's filter: a range of days, optionally one book, and whether the staff's downloads count. */
type Filter = DateRange & Staff & { book?: string | undefined };

/**
 * Rows (of `downloads` or a rollup) of the roles counted: the staff (Admins, Super Admins) check files in
 * the File List, and their downloads are left out unless asked for (decision 026).
 */
const ofRoles = (role: PgColumn, { includeStaff }: Staff) =>
  includeStaff ? undefined : notInArray(role, [...ADMIN_ROLES]);

const startOfDay = (date: string, { timeZone }: Clock) => sql`((${date})::date)::timestamp at time zone ${timeZone}`;
const startOfNextDay = (date: string, { timeZone }: Clock) =>
  sql`((${date})::date + 1)::timestamp at time zone ${timeZone}`;
const startOfCurrent = (unit: 'month' | 'year', { timeZone }: Clock) =>
  sql`date_trunc(${unit}, now() at time zone ${timeZone}) at time zone ${timeZone}`;
/** The first day of the current month or year in the clock's zone, as the rollups name days. */
const firstDayOfCurrent = (unit: 'month' | 'year', { timeZone }: Clock) =>
  sql`(date_trunc(${unit}, now() at time zone ${timeZone}))::date`;

/** Both ends inclusive: from the start day's first moment to before the day after the end. */
export const withinDays = (range: DateRange, clock: Clock) =>
  and(
    gte(downloads.downloadedAt, startOfDay(range.start, clock)),
    lt(downloads.downloadedAt, startOfNextDay(range.end, clock)),
  );

/** The book's stored name (downloads and rollups keep the exact name); null: no such book. */
async function canonicalBook(db: Database, book: string | undefined): Promise<string | null | undefined> {
  if (!book) return undefined;
  const [row] = await db.select({ name: books.name }).from(books).where(sameName(books.name, book));
  return row?.name ?? null;
}

/** Rollup rows of the book: every book when none was named, none for a book that does not exist. */
const ofBook = (column: PgColumn, book: string | null | undefined) =>
  book === undefined ? undefined : book === null ? sql`false` : eq(column, book);

async function countWhere(db: Database, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(downloads).where(where);
  return row?.n ?? 0;
}

const downloadsSum = sql<number>`coalesce(sum(${downloadCounts.downloads}), 0)`.mapWith(Number);
/** Every month's rows: all the downloads, each counted once. */
const monthRows = eq(downloadCounts.span, 'month');

/** Downloads counted in the rollup's rows that match. */
async function sumCounts(db: Database, where: SQL | undefined) {
  const [row] = await db.select({ n: downloadsSum }).from(downloadCounts).where(where);
  return row?.n ?? 0;
}

/** Distinct accounts among the readers' rows that match: the set bits of each chunk's OR, added up. */
async function countReaders(db: Database, where: SQL | undefined) {
  const perChunk = db
    .select({ readers: sql<number>`bit_count(bit_or(${downloadReaders.readers}))`.as('readers') })
    .from(downloadReaders)
    .where(where)
    .groupBy(downloadReaders.chunk)
    .as('per_chunk');
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${perChunk.readers}), 0)`.mapWith(Number) })
    .from(perChunk);
  return row?.n ?? 0;
}

export async function countByLanguage(db: Database, query: Filter) {
  return languageCounts(db, query, await canonicalBook(db, query.book));
}

function languageCounts(db: Database, query: Filter, book: string | null | undefined): Promise<CountItem[]> {
  return db
    .select({ _id: downloadCounts.languageName, count: downloadsSum })
    .from(downloadCounts)
    .where(
      and(covering(downloadCounts, query), ofBook(downloadCounts.bookName, book), ofRoles(downloadCounts.role, query)),
    )
    .groupBy(downloadCounts.languageName)
    .orderBy(desc(downloadsSum), downloadCounts.languageName);
}

export async function countByBook(db: Database, staff: Staff = {}): Promise<CountItem[]> {
  return db
    .select({ _id: downloadCounts.bookName, count: downloadsSum })
    .from(downloadCounts)
    .where(and(monthRows, ofRoles(downloadCounts.role, staff)))
    .groupBy(downloadCounts.bookName)
    .orderBy(desc(downloadsSum), downloadCounts.bookName);
}

export async function summary(db: Database, clock: Clock, query: Filter): Promise<StatsSummary> {
  const book = await canonicalBook(db, query.book);
  // From the first of the current month or year on, later days included: whole months.
  const since = (unit: 'month' | 'year') =>
    sumCounts(
      db,
      and(
        monthRows,
        gte(downloadCounts.firstDay, firstDayOfCurrent(unit, clock)),
        ofBook(downloadCounts.bookName, book),
        ofRoles(downloadCounts.role, query),
      ),
    );
  // Independent reads: on a PostgreSQL server they run side by side on the pool's connections.
  const [languages, activeUsers, thisMonth, thisYear] = await Promise.all([
    languageCounts(db, query, book),
    countReaders(
      db,
      and(
        covering(downloadReaders, query),
        ofBook(downloadReaders.bookName, book),
        ofRoles(downloadReaders.role, query),
      ),
    ),
    since('month'),
    since('year'),
  ]);
  return {
    inRange: languages.reduce((total, language) => total + language.count, 0),
    activeUsers,
    thisMonth,
    thisYear,
    topLanguage: languages[0] ?? null,
  };
}

/** How many downloads an account made (in the range); an id that can't be an account's made none. */
export async function countForAccount(db: Database, clock: Clock, accountId: string, range?: DateRange) {
  if (!isUuid(accountId)) return 0;
  return countWhere(db, and(eq(downloads.accountId, accountId), range ? withinDays(range, clock) : undefined));
}

interface Page {
  first: number;
  rows: number;
}

/** Every download (of the roles counted), newest first; the total from the rollups. */
export async function listAllDownloads(db: Database, page: Page & Staff) {
  const total = () => sumCounts(db, and(monthRows, ofRoles(downloadCounts.role, page)));
  return pageOfDownloads(db, ofRoles(downloads.role, page), page, total);
}

/** The downloads (of the roles counted) of the days in the range, newest first; the total from the rollups. */
export async function listDownloadsWithin(db: Database, clock: Clock, range: DateRange & Page & Staff) {
  const total = () => sumCounts(db, and(covering(downloadCounts, range), ofRoles(downloadCounts.role, range)));
  return pageOfDownloads(db, and(withinDays(range, clock), ofRoles(downloads.role, range)), range, total);
}

/** One account's downloads, newest first; an id that can't be an account's has none. */
export async function listAccountDownloads(db: Database, accountId: string, page: Page) {
  if (!isUuid(accountId)) return { items: [], total: 0 };
  const mine = eq(downloads.accountId, accountId);
  return pageOfDownloads(db, mine, page, () => countWhere(db, mine));
}

export async function myCounts(db: Database, clock: Clock, accountId: string) {
  const mine = eq(downloads.accountId, accountId);
  return {
    thisMonth: await countWhere(db, and(mine, gte(downloads.downloadedAt, startOfCurrent('month', clock)))),
    thisYear: await countWhere(db, and(mine, gte(downloads.downloadedAt, startOfCurrent('year', clock)))),
    total: await countWhere(db, mine),
  };
}

/** Download transactions, newest first, a page at a time; `total` counts them all. */
async function pageOfDownloads(
  db: Database,
  where: SQL | undefined,
  page: Page,
  total: () => Promise<number>,
): Promise<{ items: DownloadEntry[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .select({ download: downloads, email: accounts.email })
      .from(downloads)
      .leftJoin(accounts, eq(accounts.id, downloads.accountId))
      .where(where)
      .orderBy(desc(downloads.downloadedAt))
      .limit(page.rows)
      .offset(page.first),
    total(),
  ]);
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
    role: download.role,
  }));
  return { items, total: counted };
}
