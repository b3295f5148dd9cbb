import { FILE_MESSAGES, type FileRecord, type uploadFieldsSchema } from '@portal/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/index.ts';
import { books, files, languages } from '../../db/schema.ts';
import { BadRequest } from '../../errors.ts';
import type { StagedFile, Storage } from '../../plugins/storage/types.ts';
import { selectEditions, toFileRecord } from '../editions/edition-view.ts';
import { findEdition, forgetDays } from '../editions/service.ts';
import { noteNewEdition } from '../notifications/service.ts';
import { lockStoreForWriting, removeUnrecorded } from './sweep.ts';

/** The file store's lock and clean-up, for whatever else writes editions into it (the legacy import). */
export { lockStoreForWriting, removeUnrecorded };

const PDF_SIGNATURE = Buffer.from('%PDF-');

/** Whether a file's first bytes are those of a PDF. */
export const startsLikePdf = (head: Buffer) => head.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE);

/** Every edition, newest first. */
export async function listEditions(db: Database): Promise<FileRecord[]> {
  const rows = await selectEditions(db).orderBy(desc(files.createdAt));
  return rows.map(toFileRecord);
}

/** The ids of files whose record names a file the store does not have (lost disk, a restore without files). */
export async function listMissingFiles(db: Database, storage: Storage): Promise<string[]> {
  const rows = await db.select({ id: files.id, storageKey: files.storageKey }).from(files);
  const sizes = await Promise.all(rows.map((row) => storage.size(row.storageKey)));
  return rows.filter((_row, index) => sizes[index] === undefined).map((row) => row.id);
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
      // A replaced file's days are found again in the new one (its job is queued after the answer's commit).
      else await forgetDays(tx, saved?.id as string);
      return saved?.id as string;
    });
  } catch (error) {
    if (key) await removeUnrecorded(db, storage, [key]);
    throw error;
  }
  if (replacedKey) await storage.remove(replacedKey);
  return toFileRecord(await findEdition(db, id));
}

/** Deletes an edition and its stored file; its download history stays. */
export async function deleteEdition(db: Database, storage: Storage, id: string) {
  const { file } = await findEdition(db, id);
  await db.delete(files).where(eq(files.id, file.id));
  await storage.remove(file.storageKey);
}
