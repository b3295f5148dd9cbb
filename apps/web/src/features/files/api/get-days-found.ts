import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { filesQuery } from '../../../lib/resources/files.ts';

/**
 * How many of its month's days each edition's map has, by file id, which the File List says (decision 050). A
 * child of the files' key, so every upload or delete that reloads the file list reloads this too.
 */
export const daysFoundQuery = queryOptions({
  queryKey: [...filesQuery.queryKey, 'days'],
  queryFn: ({ signal }) => api.get('/editions/days', { signal }),
  select: (editions) => new Map(editions.map((edition) => [edition.id, edition])),
});
