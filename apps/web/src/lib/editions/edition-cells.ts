import { type FileRecord, formatFileSize } from '@portal/contract';

/** Table cells shared by every list of editions. */
export const editionMonth = (file: FileRecord) => `${file.book_month} ${file.book_year}`;
export const editionSize = (file: FileRecord) => formatFileSize(file.file_size);
