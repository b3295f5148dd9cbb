import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Where each day of an edition's month begins (decision 050): the reader's day buttons. */
export const editionDaysQuery = (id: string) =>
  queryOptions({
    queryKey: ['edition-days', id],
    queryFn: ({ signal }) => api.get('/editions/:id/days', { params: { id }, signal }),
    staleTime: 5 * 60_000,
  });
