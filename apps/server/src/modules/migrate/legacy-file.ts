import { editionFileName, parseMonth } from '@portal/contract';
import type { LegacyRecord } from './context.ts';
import { baseName, firstDate, objectIdTime, text, wholeNumber } from './fields.ts';
import type { RecordRef } from './report.ts';

/** A legacy file record read as an edition. */
export interface LegacyFile extends RecordRef {
  bookName: string;
  languageName: string;
  year: number;
  month: number;
  originalName: string;
  /** Names the PDF may have in the legacy upload folder, most likely first. */
  pdfNames: (string | undefined)[];
  created: Date | undefined;
}

const isYear = (year: number | undefined): year is number => year !== undefined && year >= 2000 && year <= 2100;
const yearPattern = /(?<!\d)(20\d\d|2100)(?!\d)/;

/** book_year when given; else a year written in the file's name or path; else the year it was uploaded. */
function editionYear(record: LegacyRecord, created: Date | undefined): number | undefined {
  const { doc } = record;
  const given = wholeNumber(doc.book_year);
  if (isYear(given)) return given;
  for (const value of [doc.name, doc.file_path]) {
    const written = text(value)?.match(yearPattern)?.[1];
    if (written) return Number(written);
  }
  return created?.getUTCFullYear();
}

/** The edition a legacy file record describes, or why it describes none. */
export function readLegacyFile(record: LegacyRecord): LegacyFile | string {
  const { doc, legacyId, collection, name: recordName } = record;
  const bookName = text(doc.book_name);
  const languageName = text(doc.book_language);
  const month = parseMonth(doc.book_month);
  const created = firstDate(doc.created, doc.createdAt) ?? objectIdTime(legacyId);
  const year = editionYear(record, created);
  if (!bookName) return 'The file has no book_name.';
  if (!languageName) return 'The file has no book_language.';
  if (!month) return `book_month ${JSON.stringify(doc.book_month) ?? 'missing'} is not a month.`;
  if (!year) return 'The file has no book_year, no year in its name and no date.';
  const pathName = baseName(text(doc.file_path));
  const name = text(doc.name);
  return {
    collection,
    legacyId,
    name: recordName,
    bookName,
    languageName,
    year,
    month,
    originalName: name ?? pathName ?? editionFileName(bookName, languageName, year, month),
    pdfNames: [pathName, baseName(name)],
    created,
  };
}
