import { z } from 'zod';
import { MAX_COVER_BYTES } from './limits.ts';
import { MAX_RECORD_NAME_LENGTH, namedInputSchema, namedRecordSchema } from './records.ts';

export const BOOK_MESSAGES = {
  nameRequired: 'Book name is required.',
  nameTooLong: `Book name can have at most ${MAX_RECORD_NAME_LENGTH} characters.`,
  nameTaken: 'A book with this name already exists.',
  bookNotFound: 'Book not found.',
  coverNotImage: 'A cover must be a PNG, JPEG or WebP image.',
  coverUnreadable: 'This image could not be read: it may be damaged. Try another file.',
  coverTooLarge: `A cover can be at most ${Math.round(MAX_COVER_BYTES / 1_048_576)} MB.`,
  coverRequired: 'Choose an image for the cover.',
  coverNotFound: 'This book has no cover.',
  coverSaved: 'Cover saved.',
  coverRemoved: 'Cover removed.',
} as const;

export const bookInputSchema = namedInputSchema(BOOK_MESSAGES);
export type BookInput = z.input<typeof bookInputSchema>;

/** A book, with the address of its cover image (null: none uploaded; the cards draw a placeholder). */
export const bookSchema = namedRecordSchema.extend({ cover: z.string().nullable() });
export type Book = z.infer<typeof bookSchema>;
