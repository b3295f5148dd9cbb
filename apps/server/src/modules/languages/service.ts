import {
  LANGUAGE_MESSAGES,
  LANGUAGE_USES_SHOWN,
  type LanguageInput,
  languageCodeOfName,
  languageInUseMessage,
} from '@portal/contract';
import { and, asc, count, eq, isNotNull, isNull, ne, type SQL } from 'drizzle-orm';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { Database } from '../../db/index.ts';
import { books, downloads, files, languages, settings } from '../../db/schema.ts';
import { Conflict } from '../../errors.ts';
import { namedRecords } from '../named-records.ts';

export const languageRecords = namedRecords<{ code: string | null }>(
  languages,
  {
    nameTaken: LANGUAGE_MESSAGES.nameTaken,
    notFound: LANGUAGE_MESSAGES.languageNotFound,
    renameCopies: (db, from, to) =>
      db.update(downloads).set({ languageName: to }).where(eq(downloads.languageName, from)),
  },
  { code: languages.code },
);

/** Whether a language other than `exceptId` has the code. */
async function codeTaken(db: Database, code: string, exceptId?: string) {
  const same = eq(languages.code, code);
  const [holder] = await db
    .select({ id: languages.id })
    .from(languages)
    .where(exceptId ? and(same, ne(languages.id, exceptId)) : same);
  return Boolean(holder);
}

/**
 * A new language, with the code given, or (given none, as the original API's clients send) the code its name
 * matches unless another language has it.
 */
export async function createLanguage(db: Database, { name, code }: LanguageInput) {
  if (code === undefined) {
    const matched = languageCodeOfName(name);
    return languageRecords.create(db, name, { code: matched && !(await codeTaken(db, matched)) ? matched : null });
  }
  if (code && (await codeTaken(db, code))) throw new Conflict(LANGUAGE_MESSAGES.codeTaken);
  return languageRecords.create(db, name, { code });
}

/** Renames a language and sets its code; without `code` it keeps the one it has. */
export async function updateLanguage(db: Database, id: string, { name, code }: LanguageInput) {
  if (code && (await codeTaken(db, code, id))) throw new Conflict(LANGUAGE_MESSAGES.codeTaken);
  return languageRecords.rename(db, id, name, code === undefined ? {} : { code });
}

/**
 * Gives each language without a code that `where` picks the code its name matches ("Swahili", "Kiswahili":
 * `sw`), first added first, unless another language has that code.
 */
export async function matchLanguageCodes(db: Database, where?: SQL) {
  const unnamed = await db
    .select({ id: languages.id, name: languages.name })
    .from(languages)
    .where(and(isNull(languages.code), where))
    .orderBy(asc(languages.createdAt));
  const held = await db.select({ code: languages.code }).from(languages).where(isNotNull(languages.code));
  const taken = new Set(held.map(({ code }) => code));
  for (const language of unnamed) {
    const code = languageCodeOfName(language.name);
    if (!code || taken.has(code)) continue;
    taken.add(code);
    await db.update(languages).set({ code }).where(eq(languages.id, language.id));
  }
}

const CODES_MATCHED_SETTING = 'language-codes-matched';

/**
 * At start, once per database (decision 041): the languages there were before codes existed get theirs by name.
 * Later, a code an admin removed stays removed.
 */
export async function matchLanguageCodesOnce(db: Database) {
  const [first] = await db
    .insert(settings)
    .values({ name: CODES_MATCHED_SETTING, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (first) await matchLanguageCodes(db);
}

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
