import { FILE_MESSAGES, type FileRecord, TRANSLATION_MESSAGES, type Translation } from '@portal/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { sameName } from '../../db/names.ts';
import { files, languages } from '../../db/schema.ts';
import { BadRequest, Conflict } from '../../errors.ts';
import { toFileRecord } from '../editions/edition-view.ts';
import { findEdition } from '../editions/service.ts';
import { listEditions } from '../files/service.ts';
import { orConflict } from '../records.ts';

// Translations are the edition files seen in the legacy record shape. They are created by upload
// only (a record without its PDF would offer a download that fails), so here an existing one can
// just be moved to another language, e.g. to correct an upload filed under the wrong one.

const toTranslation = ({ _id, id, file_path, file_mime_type, book_language }: FileRecord): Translation => ({
  _id,
  id,
  file_path,
  file_mime_type,
  book_language,
});

export async function listTranslations(db: Database): Promise<Translation[]> {
  return (await listEditions(db)).map(toTranslation);
}

export async function changeLanguage(db: Database, id: string, languageName: string): Promise<Translation> {
  const { file } = await findEdition(db, id);
  const [language] = await db
    .select({ id: languages.id })
    .from(languages)
    .where(sameName(languages.name, languageName));
  if (!language) throw new BadRequest(FILE_MESSAGES.unknownLanguage);
  const [taken] = await db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        eq(files.bookId, file.bookId),
        eq(files.languageId, language.id),
        eq(files.year, file.year),
        eq(files.month, file.month),
        ne(files.id, file.id),
      ),
    );
  if (taken) throw new Conflict(TRANSLATION_MESSAGES.editionExists);
  await orConflict(
    db.update(files).set({ languageId: language.id }).where(eq(files.id, file.id)),
    TRANSLATION_MESSAGES.editionExists,
  );
  return toTranslation(toFileRecord(await findEdition(db, file.id)));
}
