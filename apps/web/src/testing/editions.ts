import type { FileRecord } from '@portal/contract';

/** An edition's record as the API answers it. */
export const edition = (overrides: Partial<FileRecord> = {}): FileRecord => ({
  _id: 'e1',
  id: 'e1',
  book_name: 'Teevo',
  book_language: 'English',
  book_month: 'March',
  book_year: 2026,
  file_size: 3 * 1024 * 1024,
  file_path: 'files/e1.pdf',
  file_mime_type: 'application/pdf',
  created: '2026-02-20T10:00:00.000Z',
  name: 'Teevo_English_2026_03.pdf',
  ...overrides,
});
