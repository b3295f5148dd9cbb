import { z } from 'zod';

/** An edition as the original API names it, in its file record and in each of its downloads. */
export const editionFieldsSchema = z.object({
  book_name: z.string(),
  book_language: z.string(),
  book_month: z.string(),
  book_year: z.number(),
});
