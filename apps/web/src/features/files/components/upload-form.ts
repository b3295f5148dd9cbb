import { type UploadFields, uploadFieldsSchema } from '@portal/contract';
import { z } from 'zod';
import type { EditionGuess } from '../utils/parse-edition-name.ts';

/** The upload dialog's form: the fields of each chosen file, checked by the server's own schema. */
export const uploadFormSchema = z.object({ editions: z.array(uploadFieldsSchema) });
export type UploadForm = { editions: UploadFields[] };
export type UploadValues = z.output<typeof uploadFormSchema>;

const named = (names: string[], text: string | undefined) =>
  names.find((name) => name.toLowerCase() === text?.toLowerCase()) ?? '';

/** A file's starting values: what its name says, spelled as the portal's books and languages are. */
export const startingValues = (guess: EditionGuess, books: string[], languages: string[]): UploadFields => ({
  book: named(books, guess.book),
  language: named(languages, guess.language),
  year: guess.year,
  month: guess.month,
});
