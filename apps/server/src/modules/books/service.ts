import { BOOK_MESSAGES } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { books, downloads } from '../../db/schema.ts';
import { namedRecords } from '../named-records.ts';

/** Books are never deleted: editions and download statistics refer to them. */
export const bookRecords = namedRecords(books, {
  nameTaken: BOOK_MESSAGES.nameTaken,
  notFound: BOOK_MESSAGES.bookNotFound,
  renameCopies: (db, from, to) => db.update(downloads).set({ bookName: to }).where(eq(downloads.bookName, from)),
});
