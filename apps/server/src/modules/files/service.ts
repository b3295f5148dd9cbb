import {
  type EditionMonth,
  type EditionPage,
  type EditionSortField,
  type editionPageQuerySchema,
  FILE_MESSAGES,
  type FileRecord,
  type uploadFieldsSchema,
} from '@portal/contract';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isUuid } from '../../db/ids.ts';
import type { Database } from '../../db/index.ts';
import { sameName } from '../../db/names.ts';
import { books, files, languages } from '../../db/schema.ts';
import { contains, searchWords } from '../../db/search.ts';
import { BadRequest, NotFound } from '../../errors.ts';
import type { StagedFile, Storage } from '../../plugins/storage/types.ts';
import { noteNewEdition } from '../notifications/service.ts';
import { type EditionRow, selectEditions, toFileRecord } from './file-view.ts';
import { lockStoreForWriting, removeUnrecorded } from './sweep.ts';

/** The file store's lock and clean-up, for whatever else writes editions into it (the legacy import). */
export { lockStoreForWriting, removeUnrecorded };

const PDF_SIGNATURE = Buffer.from('%PDF-');

/** Whether a file's first bytes are those of a PDF. */
export const startsLikePdf = (head: Buffer) => head.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE);

export async function listFiles(db: Database): Promise<FileRecord[]> {
  const rows = await selectEditions(db).orderBy(desc(files.createdAt));
  return rows.map(toFileRecord);
}

/** What an edition is sorted by; ties go to the newest edition, then book and language. */
const editionOrder: Record<EditionSortField, SQL[]> = {
  edition: [sql`${files.year}`, sql`${files.month}`],
  book_name: [sql`lower(${books.name})`],
  book_language: [sql`lower(${languages.name})`],
  file_size: [sql`${files.fileSize}`],
};

/** The month's English name, as members see it, and the year: "March 2025". */
const editionText = sql`concat_ws(' ', ${books.name}, ${languages.name}, to_char(make_date(${files.year}, ${files.month}, 1), 'FMMonth'), ${files.year})`;

/** One page of the editions, filtered by book, language and the search box's words, with the number that match. */
export async function listEditionPage(
  db: Database,
  query: z.output<typeof editionPageQuerySchema>,
): Promise<EditionPage> {
  const where = and(
    query.book ? sameName(books.name, query.book) : undefined,
    query.language ? sameName(languages.name, query.language) : undefined,
    query.to ? sql`(${files.year}, ${files.month}) <= (${query.to.year}, ${query.to.month})` : undefined,
    ...searchWords(query.search).map((word) => contains(editionText, word)),
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

/** The ids of files whose record names a file the store does not have (lost disk, a restore without files). */
export async function listMissingFiles(db: Database, storage: Storage): Promise<string[]> {
  const rows = await db.select({ id: files.id, storageKey: files.storageKey }).from(files);
  const sizes = await Promise.all(rows.map((row) => storage.size(row.storageKey)));
  return rows.filter((_row, index) => sizes[index] === undefined).map((row) => row.id);
}

export async function findEdition(db: Database, id: string): Promise<EditionRow> {
  const [row] = isUuid(id) ? await selectEditions(db).where(eq(files.id, id)) : [];
  if (!row) throw new NotFound(FILE_MESSAGES.fileNotFound);
  return row;
}

async function idByName(db: Database, table: typeof books | typeof languages, name: string) {
  const [row] = await db.select({ id: table.id }).from(table).where(sql`lower(${table.name}) = lower(${name})`);
  return row?.id;
}

/**
 * Makes a staged upload the current file of its edition. The file is moved into place in the record's
 * transaction, with the store taken for writing, and removed again if the record isn't committed; a
 * replaced file is removed only after commit.
 */
export async function saveEdition(
  db: Database,
  storage: Storage,
  staged: StagedFile,
  fields: z.output<typeof uploadFieldsSchema>,
  originalName: string,
): Promise<FileRecord> {
  if (!startsLikePdf(staged.head)) throw new BadRequest(FILE_MESSAGES.notPdf);
  const bookId = await idByName(db, books, fields.book);
  if (!bookId) throw new BadRequest(FILE_MESSAGES.unknownBook);
  const languageId = await idByName(db, languages, fields.language);
  if (!languageId) throw new BadRequest(FILE_MESSAGES.unknownLanguage);

  let key: string | undefined;
  let replacedKey: string | undefined;
  let id: string;
  try {
    id = await db.transaction(async (tx) => {
      await lockStoreForWriting(tx);
      const edition = and(
        eq(files.bookId, bookId),
        eq(files.languageId, languageId),
        eq(files.year, fields.year),
        eq(files.month, fields.month),
      );
      // Two first uploads of one edition find no row to lock; this lock makes the second wait and see the first.
      const editionKey = `${bookId}:${languageId}:${fields.year}:${fields.month}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${editionKey}, 0))`);
      const [previous] = await tx.select({ storageKey: files.storageKey }).from(files).where(edition);
      replacedKey = previous?.storageKey;
      key = await staged.commit();
      const values = {
        bookId,
        languageId,
        year: fields.year,
        month: fields.month,
        fileSize: staged.size,
        storageKey: key,
        originalName,
        sha256: staged.sha256,
      };
      const [saved] = await tx
        .insert(files)
        .values(values)
        .onConflictDoUpdate({
          target: [files.bookId, files.languageId, files.year, files.month],
          set: { ...values, createdAt: new Date() },
        })
        .returning({ id: files.id });
      // A book, language and month that had no file: members who asked are told (a replacement tells no one).
      if (!previous) await noteNewEdition(tx, saved?.id as string);
      return saved?.id as string;
    });
  } catch (error) {
    if (key) await removeUnrecorded(db, storage, [key]);
    throw error;
  }
  if (replacedKey) await storage.remove(replacedKey);
  return toFileRecord(await findEdition(db, id));
}

export async function deleteFile(db: Database, storage: Storage, id: string) {
  const { file } = await findEdition(db, id);
  await db.delete(files).where(eq(files.id, file.id));
  await storage.remove(file.storageKey);
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
