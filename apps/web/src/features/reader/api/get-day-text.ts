import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A day's reading as text (the text view); asking counts as getting the edition, as its download does. */
export const dayTextQuery = (id: string, day: number) =>
  queryOptions({
    queryKey: ['day-text', id, day],
    queryFn: ({ signal }) => api.get('/editions/:id/days/:day', { params: { id, day: String(day) }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
