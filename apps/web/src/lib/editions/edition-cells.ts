import { type FileRecord, parseMonth } from '@portal/contract';
import type { ColumnProps } from 'primereact/column';
import { formatFileSize, formatMonthYear } from '../i18n/format.ts';

/** Table cells shared by every list of editions. */
export const editionMonth = (file: FileRecord) => {
  const month = parseMonth(file.book_month);
  return month ? formatMonthYear(month, file.book_year) : `${file.book_month} ${file.book_year}`;
};
export const editionSize = (file: FileRecord) => formatFileSize(file.file_size);
/** The values messages name an edition by ("{book} in {language}, {month}"). */
export const editionWords = (file: FileRecord) => ({
  book: file.book_name,
  language: file.book_language,
  month: editionMonth(file),
});

type ColumnSort = Parameters<NonNullable<ColumnProps['sortFunction']>>[0];
const editionTime = (file: FileRecord) => file.book_year * 12 + (parseMonth(file.book_month) ?? 0);

/**
 * A Month column of a table sorted in the browser sorts by the edition's year and month (January to December),
 * not by its text (April before January).
 */
export const sortByEdition = ({ data, order }: ColumnSort): FileRecord[] =>
  [...(data as FileRecord[])].sort((a, b) => (editionTime(a) - editionTime(b)) * (order === -1 ? -1 : 1));
