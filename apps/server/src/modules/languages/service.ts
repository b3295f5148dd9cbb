import { LANGUAGE_MESSAGES, LANGUAGE_USES_SHOWN, languageInUseMessage } from '@portal/contract';
import { asc, count, eq } from 'drizzle-orm';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { Database } from '../../db/index.ts';
import { books, downloads, files, languages } from '../../db/schema.ts';
import { Conflict } from '../../errors.ts';
import { namedRecords } from '../named-records.ts';

export const languageRecords = namedRecords(languages, {
  nameTaken: LANGUAGE_MESSAGES.nameTaken,
  notFound: LANGUAGE_MESSAGES.languageNotFound,
  renameCopies: (db, from, to) =>
    db.update(downloads).set({ languageName: to }).where(eq(downloads.languageName, from)),
});

/** A language that uploaded files use stays: the message names them so the admin knows what to change. */
async function assertUnused(db: Database, languageId: string) {
  const [usage] = await db.select({ total: count() }).from(files).where(eq(files.languageId, languageId));
  const total = usage?.total ?? 0;
  if (total === 0) return;
  const uses = await db
    .select({ book: books.name, year: files.year, month: files.month })
    .from(files)
    .innerJoin(books, eq(books.id, files.bookId))
    .where(eq(files.languageId, languageId))
    .orderBy(asc(files.year), asc(files.month), asc(books.name))
    .limit(LANGUAGE_USES_SHOWN);
  throw new Conflict(languageInUseMessage(uses, total));
}

export async function deleteLanguage(db: Database, id: string) {
  const language = await languageRecords.find(db, id);
  await assertUnused(db, language.id);
  try {
    await db.delete(languages).where(eq(languages.id, language.id));
  } catch (error) {
    // A file uploaded since the check: the foreign key refused, so name it like the check would.
    if (isForeignKeyViolation(error)) await assertUnused(db, language.id);
    throw error;
  }
}
