import {
  type EditionMonth,
  type EditionPage,
  type EditionSortField,
  type editionPageQuerySchema,
  FILE_MESSAGES,
  type FileRecord,
} from '@portal/contract';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '../../db/ids.ts';
import type { Database } from '../../db/index.ts';
import { sameName } from '../../db/names.ts';
import { books, files, languages } from '../../db/schema.ts';
import { contains, searchWords } from '../../db/search.ts';
import { NotFound } from '../../errors.ts';
import { type EditionRow, selectEditions, toFileRecord } from './edition-view.ts';
import { textHas } from './search.ts';

/** After an upload the edition's days are found in the background; a replacement forgets the old file's (decision 050). */
export { forgetDays, queueDays } from './days/service.ts';
/** The member's editions of this month with today's reading: the dashboard's, and the daily reminder's (decision 061). */
export { thisMonthFor } from './this-month.ts';

/** What an edition is sorted by; ties go to the newest edition, then book and language. */
const editionOrder: Record<EditionSortField, SQL[]> = {
  edition: [sql`${files.year}`, sql`${files.month}`],
  book_name: [sql`lower(${books.name})`],
  book_language: [sql`lower(${languages.name})`],
  file_size: [sql`${files.fileSize}`],
};

/** The month's English name, as members see it, and the year: "March 2025". */
const editionText = sql`concat_ws(' ', ${books.name}, ${languages.name}, to_char(make_date(${files.year}, ${files.month}, 1), 'FMMonth'), ${files.year})`;

/**
 * One page of the editions, filtered by book, language and the search box's words (each in the edition's book,
 * language, month or year, or in its text), with the number that match.
 */
export async function listEditionPage(
  db: Database,
  query: z.output<typeof editionPageQuerySchema>,
): Promise<EditionPage> {
  const where = and(
    query.book ? sameName(books.name, query.book) : undefined,
    query.language ? sameName(languages.name, query.language) : undefined,
    query.to ? sql`(${files.year}, ${files.month}) <= (${query.to.year}, ${query.to.month})` : undefined,
    ...searchWords(query.search).map((word) => or(contains(editionText, word), textHas(word))),
  );
  const direction = query.sortOrder === 1 ? asc : desc;
  const rows = await selectEditions(db)
    .where(where)
    .orderBy(
      ...editionOrder[query.sortField].map(direction),
      desc(files.year),
      desc(files.month),
      asc(sql`lower(${books.name})`),
      asc(sql`lower(${languages.name})`),
    )
    .limit(query.rows)
    .offset(query.first);
  const [totals] = await db.select({ total: count() }).from(selectEditions(db).where(where).as('matching'));
  return { items: rows.map(toFileRecord), total: totals?.total ?? 0 };
}

export async function findEdition(db: Database, id: string): Promise<EditionRow> {
  const [row] = isUuid(id) ? await selectEditions(db).where(eq(files.id, id)) : [];
  if (!row) throw new NotFound(FILE_MESSAGES.fileNotFound);
  return row;
}

/** Languages that have this book's edition for the month, by name. */
export async function editionLanguages(db: Database, book: string, year: number, month: number) {
  const rows = await db
    .select({ book_language: languages.name })
    .from(files)
    .innerJoin(books, eq(books.id, files.bookId))
    .innerJoin(languages, eq(languages.id, files.languageId))
    .where(and(sql`lower(${books.name}) = lower(${book})`, eq(files.year, year), eq(files.month, month)))
    .orderBy(asc(languages.name));
  return rows;
}

/** Every month that has the book's edition, newest first, each with its languages sorted by name. */
export async function editionMonths(db: Database, book: string): Promise<EditionMonth[]> {
  const rows = await db
    .select({ year: files.year, month: files.month, language: languages.name })
    .from(files)
    .innerJoin(books, eq(books.id, files.bookId))
    .innerJoin(languages, eq(languages.id, files.languageId))
    .where(sql`lower(${books.name}) = lower(${book})`)
    .orderBy(desc(files.year), desc(files.month), asc(languages.name));
  const months: EditionMonth[] = [];
  for (const { year, month, language } of rows) {
    const last = months.at(-1);
    if (last?.year === year && last.month === month) last.languages.push(language);
    else months.push({ year, month, languages: [language] });
  }
  return months;
}

export async function findEditionByNames(
  db: Database,
  query: { name: string; language: string; year: number; month: number },
): Promise<FileRecord> {
  const [row] = await selectEditions(db).where(
    and(
      sql`lower(${books.name}) = lower(${query.name})`,
      sql`lower(${languages.name}) = lower(${query.language})`,
      eq(files.year, query.year),
      eq(files.month, query.month),
    ),
  );
  if (!row) throw new NotFound(FILE_MESSAGES.editionMissing);
  return toFileRecord(row);
}
