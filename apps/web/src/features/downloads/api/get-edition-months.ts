import { queryOptions, skipToken } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface EditionChoice {
  /** The book's name. */
  book: string;
  year: number;
  month: number;
}

/**
 * The months that have the book's edition, newest first, each with its languages: all the download panel offers.
 * Nothing is asked before the books are known.
 */
export const editionMonthsQuery = (book: string | undefined) =>
  queryOptions({
    queryKey: ['edition-months', book],
    queryFn: book ? ({ signal }) => api.get('/editions/months', { query: { book }, signal }) : skipToken,
  });
