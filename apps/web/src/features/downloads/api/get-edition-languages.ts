import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface EditionChoice {
  book: string;
  year: number;
  month: number;
}

const search = ({ book, year, month }: EditionChoice) =>
  new URLSearchParams({ book, year: String(year), month: String(month) }).toString();

export const getEditionLanguages = (choice: EditionChoice, signal: AbortSignal) =>
  api.get<{ book_language: string }[]>(`/transaction/getTeeVoLanguagesByBookName?${search(choice)}`, { signal });

/** The languages in which the book's edition of that month exists, sorted by name. */
export const useEditionLanguages = (choice: EditionChoice | null) =>
  useQuery({
    queryKey: ['edition-languages', choice],
    queryFn: ({ signal }) => getEditionLanguages(choice as EditionChoice, signal),
    enabled: choice !== null,
    select: (rows) => rows.map((row) => row.book_language),
  });
