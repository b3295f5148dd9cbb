import { editionFileName, type FileRecord, monthName } from '@portal/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { books, type FileRecord as FileRow, files, languages } from '../../db/schema.ts';

export interface EditionRow {
  file: FileRow;
  bookName: string;
  languageName: string;
}

/** Files joined with their book and language names. */
export function selectEditions(db: Database) {
  return db
    .select({ file: getTableColumns(files), bookName: books.name, languageName: languages.name })
    .from(files)
    .innerJoin(books, eq(books.id, files.bookId))
    .innerJoin(languages, eq(languages.id, files.languageId));
}

export const readableName = ({ file, bookName, languageName }: EditionRow) =>
  editionFileName(bookName, languageName, file.year, file.month);

/** The record in its wire shape; file_path is the readable name the download is saved under. */
export function toFileRecord(row: EditionRow): FileRecord {
  const { file } = row;
  return {
    _id: file.id,
    id: file.id,
    book_name: row.bookName,
    book_language: row.languageName,
    book_month: monthName(file.month),
    book_year: file.year,
    file_size: file.fileSize,
    file_path: readableName(row),
    file_mime_type: file.mimeType,
    created: file.createdAt.toISOString(),
    name: file.originalName,
  };
}
