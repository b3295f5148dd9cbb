import type { z } from 'zod';
import { MAX_RECORD_NAME_LENGTH, namedInputSchema, namedRecordSchema } from './records.ts';

export const BOOK_MESSAGES = {
  nameRequired: 'Book name is required.',
  nameTooLong: `Book name can have at most ${MAX_RECORD_NAME_LENGTH} characters.`,
  nameTaken: 'A book with this name already exists.',
  bookNotFound: 'Book not found.',
} as const;

export const bookInputSchema = namedInputSchema(BOOK_MESSAGES);
export type BookInput = z.input<typeof bookInputSchema>;

export const bookSchema = namedRecordSchema;
export type Book = z.infer<typeof bookSchema>;
