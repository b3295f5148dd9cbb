import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { filesQuery } from '../../../lib/resources/files.ts';

/**
 * The ids of edition files whose PDF the server has lost, which the File List flags. A child of the files'
 * key, so every upload or delete that reloads the file list reloads this too.
 */
export const missingFilesQuery = queryOptions({
  queryKey: [...filesQuery.queryKey, 'missing'],
  queryFn: ({ signal }) => api.get('/files/missing', { signal }),
  select: (answer) => new Set(answer.ids),
});
