import {
  DAY_MESSAGES,
  type EditionDays,
  type EditionDaysFound,
  type EditionDaysInput,
  type EditionDayText,
} from '@portal/contract';
import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/index.ts';
import { editionDays, editionPages, type FileRecord as FileRow, files, languages } from '../../../db/schema.ts';
import { BadRequest, NotFound } from '../../../errors.ts';
import { searchConfigOf } from '../search.ts';
import { findDays } from './find-days.ts';
import { readPages } from './read-pages.ts';

/** The queue that reads one edition's pages and finds its days, and the one that queues every edition not read yet. */
export const DAYS_QUEUE = 'edition-days';
export const DAYS_BACKFILL_QUEUE = 'edition-days-backfill';
/** Page texts written per statement. */
const PAGE_BATCH = 100;

type App = Pick<FastifyInstance, 'db' | 'jobs' | 'storage'>;

export interface DaysJob {
  fileId: string;
}

/** After an upload: the edition's pages are read in the background, never before the upload is answered. */
export const queueDays = (app: Pick<App, 'jobs'>, fileId: string) =>
  app.jobs.send(DAYS_QUEUE, { fileId } satisfies DaysJob);

/** In a replacement's transaction: the old file's days and text go; the new file is read again. */
export async function forgetDays(tx: Pick<Database, 'delete'>, fileId: string) {
  await tx.delete(editionDays).where(eq(editionDays.fileId, fileId));
  await tx.delete(editionPages).where(eq(editionPages.fileId, fileId));
}

/**
 * Once, at start and in the background: every edition not read yet (stored before issue 33, or left by a
 * stop), an admin's map set before the reading included.
 */
export async function queueUnread(app: Pick<App, 'db' | 'jobs'>) {
  const unread = await app.db
    .select({ fileId: files.id })
    .from(files)
    .leftJoin(editionDays, eq(editionDays.fileId, files.id))
    .where(isNull(editionDays.pageCount));
  if (unread.length > 0)
    await app.jobs.insert(
      DAYS_QUEUE,
      unread.map((data) => ({ data })),
    );
}

/**
 * The job: reads an edition's PDF, keeps each page's text and the days found in it. A map an admin set for the
 * same file stays. Nothing is read if the file was read already (the run at start may queue an upload's edition
 * while the upload's own job is on its way), nor written if the edition was deleted or its file replaced meanwhile
 * (the replacement's own job reads the new one).
 */
export async function mapEdition(app: App, fileId: string) {
  const [edition] = await app.db
    .select({
      storageKey: files.storageKey,
      year: files.year,
      month: files.month,
      code: languages.code,
      pageCount: editionDays.pageCount,
    })
    .from(files)
    .innerJoin(languages, eq(languages.id, files.languageId))
    .leftJoin(editionDays, eq(editionDays.fileId, files.id))
    .where(eq(files.id, fileId));
  if (!edition || edition.pageCount !== null) return;
  const pages = await readPages(app.storage, edition.storageKey);
  if (!pages) return;
  const found = findDays(pages, edition.code, edition.year, edition.month);
  const days = [...found.days].map(([day, page]) => ({ day, page }));
  const scanned = pages.length > 0 && pages.every((text) => text === '');
  await app.db.transaction(async (tx) => {
    const [same] = await tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.storageKey, edition.storageKey)))
      .for('update');
    if (!same) return;
    await tx.delete(editionPages).where(eq(editionPages.fileId, fileId));
    const searchConfig = searchConfigOf(edition.code);
    for (let first = 0; first < pages.length; first += PAGE_BATCH) {
      const batch = pages
        .slice(first, first + PAGE_BATCH)
        .map((text, i) => ({ fileId, page: first + i + 1, text, searchConfig }));
      await tx.insert(editionPages).values(batch);
    }
    await tx
      .insert(editionDays)
      .values({ fileId, source: found.source, days, pageCount: pages.length, scanned })
      .onConflictDoUpdate({
        target: editionDays.fileId,
        set: {
          source: sql`case when ${editionDays.source} = 'admin' then ${editionDays.source} else excluded.source end`,
          days: sql`case when ${editionDays.source} = 'admin' then ${editionDays.days} else excluded.days end`,
          pageCount: pages.length,
          scanned,
          updatedAt: new Date(),
        },
      });
  });
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Every edition's count of days found, of its month's (the File List's "Days: 30 of 30 found"). */
export async function daysFound(db: Database): Promise<EditionDaysFound[]> {
  const rows = await db
    .select({
      id: files.id,
      year: files.year,
      month: files.month,
      source: editionDays.source,
      found: sql<number>`coalesce(jsonb_array_length(${editionDays.days}), 0)::int`,
    })
    .from(files)
    .leftJoin(editionDays, eq(editionDays.fileId, files.id));
  return rows.map(({ id, year, month, source, found }) => ({
    id,
    source: source ?? 'pending',
    found,
    of: daysIn(year, month),
  }));
}

/** An edition's day map, `pending` while its PDF waits to be read. */
export async function readDays(db: Database, file: Pick<FileRow, 'id'>): Promise<EditionDays> {
  const [row] = await db.select().from(editionDays).where(eq(editionDays.fileId, file.id));
  if (!row) return { source: 'pending', scanned: false, days: [], pageCount: null };
  return { source: row.source, scanned: row.scanned, days: row.days, pageCount: row.pageCount };
}

/** Each mapped day's pages: from its first to the page before the next day's (or the edition's last). */
function dayRanges({ days, pageCount }: EditionDays) {
  if (pageCount === null) return [];
  return days.map(({ day, page }) => ({
    day,
    firstPage: page,
    lastPage: Math.min(...days.filter((each) => each.page > page).map((each) => each.page), pageCount + 1) - 1,
  }));
}

/** The text of an edition's pages `first` to `last`, in order, each page's as it was read. */
const pageTexts = (db: Database, file: Pick<FileRow, 'id'>, first: number, last: number) =>
  db
    .select({ page: editionPages.page, text: editionPages.text })
    .from(editionPages)
    .where(and(eq(editionPages.fileId, file.id), between(editionPages.page, first, last)))
    .orderBy(asc(editionPages.page));

/** A day's reading as text (the text view). A day the map does not have is not found. */
export async function readDayText(db: Database, file: Pick<FileRow, 'id'>, day: number): Promise<EditionDayText> {
  const range = dayRanges(await readDays(db, file)).find((each) => each.day === day);
  if (!range) throw new NotFound(DAY_MESSAGES.dayNotMapped);
  return { ...range, pages: await pageTexts(db, file, range.firstPage, range.lastPage) };
}

/** Every mapped day's reading as text, in one answer: what the app keeps to read offline (issue 33, point 2). */
export async function readMonthText(db: Database, file: Pick<FileRow, 'id'>): Promise<EditionDayText[]> {
  const ranges = dayRanges(await readDays(db, file));
  if (ranges.length === 0) return [];
  const pages = await pageTexts(
    db,
    file,
    Math.min(...ranges.map((range) => range.firstPage)),
    Math.max(...ranges.map((range) => range.lastPage)),
  );
  return ranges.map((range) => ({
    ...range,
    pages: pages.filter(({ page }) => page >= range.firstPage && page <= range.lastPage),
  }));
}

/**
 * An admin sets or corrects the map: day 1's page and the pages each day takes (every day of the month that
 * fits in the edition), or each day's page. Days must be of the month, pages of the PDF once it has been read.
 */
export async function setDays(
  db: Database,
  file: Pick<FileRow, 'id' | 'year' | 'month'>,
  input: EditionDaysInput,
): Promise<EditionDays> {
  const daysInMonth = daysIn(file.year, file.month);
  const [row] = await db
    .select({ pageCount: editionDays.pageCount })
    .from(editionDays)
    .where(eq(editionDays.fileId, file.id));
  const lastPage = row?.pageCount ?? Number.POSITIVE_INFINITY;
  const days =
    'days' in input
      ? [...input.days].sort((a, b) => a.day - b.day)
      : Array.from({ length: daysInMonth }, (_, i) => ({
          day: i + 1,
          page: input.firstPage + i * input.pagesPerDay,
        })).filter(({ page }, i) => i === 0 || page <= lastPage);
  if (days.some(({ day }) => day > daysInMonth)) throw new BadRequest(DAY_MESSAGES.dayInvalid);
  if (days.some(({ page }) => page > lastPage)) throw new BadRequest(DAY_MESSAGES.pageInvalid);
  await db
    .insert(editionDays)
    .values({ fileId: file.id, source: 'admin', days })
    .onConflictDoUpdate({ target: editionDays.fileId, set: { source: 'admin', days, updatedAt: new Date() } });
  return readDays(db, file);
}
