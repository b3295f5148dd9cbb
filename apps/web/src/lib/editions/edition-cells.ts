import { type FileRecord, formatFileSize, parseMonth } from '@portal/contract';
import type { ColumnProps } from 'primereact/column';

/** Table cells shared by every list of editions. */
export const editionMonth = (file: FileRecord) => `${file.book_month} ${file.book_year}`;
export const editionSize = (file: FileRecord) => formatFileSize(file.file_size);

type ColumnSort = Parameters<NonNullable<ColumnProps['sortFunction']>>[0];
const editionTime = (file: FileRecord) => file.book_year * 12 + (parseMonth(file.book_month) ?? 0);

/**
 * A Month column of a table sorted in the browser sorts by the edition's year and month (January to December),
 * not by its text (April before January).
 */
export const sortByEdition = ({ data, order }: ColumnSort): FileRecord[] =>
  [...(data as FileRecord[])].sort((a, b) => (editionTime(a) - editionTime(b)) * (order === -1 ? -1 : 1));
