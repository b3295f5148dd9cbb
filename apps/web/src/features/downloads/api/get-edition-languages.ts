import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface EditionChoice {
  /** The book's name. */
  book: string;
  year: number;
  month: number;
}

const search = ({ book, year, month }: EditionChoice) =>
  new URLSearchParams({ book, year: String(year), month: String(month) }).toString();

/** The languages in which the book's edition of that month exists, sorted by name; nothing is asked without a choice. */
export const editionLanguagesQuery = (choice: EditionChoice | null) =>
  queryOptions({
    queryKey: ['edition-languages', choice],
    queryFn: choice
      ? ({ signal }) =>
          api.get<{ book_language: string }[]>(`/transaction/getTeeVoLanguagesByBookName?${search(choice)}`, {
            signal,
          })
      : skipToken,
    select: (rows) => rows.map((row) => row.book_language),
  });
