import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The ids of edition files whose PDF the server has lost, which the File Manager flags. Under the files'
 * key, so every upload or delete that refreshes the list refreshes this too.
 */
export const missingFilesQuery = queryOptions({
  queryKey: ['files', 'missing'],
  queryFn: ({ signal }) => api.get<{ ids: string[] }>('/files/missing', { signal }),
  select: (answer) => new Set(answer.ids),
});
