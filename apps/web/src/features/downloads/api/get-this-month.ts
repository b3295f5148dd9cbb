import type { ThisMonth } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { filesQuery } from '../../../lib/resources/files.ts';

/** This month's edition of every book in the member's languages; under the files' key, so an upload shows at once. */
export const thisMonthQuery = queryOptions({
  queryKey: [...filesQuery.queryKey, 'this-month'],
  queryFn: ({ signal }) => api.get<ThisMonth>('/editions/this-month', { signal }),
});
