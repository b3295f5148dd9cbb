import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The pages of the member's editions whose text matches `q` (issue 33, point 3). */
export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['edition-search', q],
    queryFn: ({ signal }) => api.get('/editions/search', { query: { q }, signal }),
    staleTime: 5 * 60_000,
  });
