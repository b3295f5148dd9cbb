import { queryOptions } from '@tanstack/react-query';
import { api, isNoAnswer } from '../../../lib/api-client.ts';
import { keptDay } from '../../../lib/editions/kept-text.ts';

/**
 * A day's reading as text (the text view); asking counts as getting the edition, as its download does. Without a
 * connection, the day as this device kept it with this month's text (decision 057), where it did.
 */
export const dayTextQuery = (id: string, day: number) =>
  queryOptions({
    queryKey: ['day-text', id, day],
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/editions/:id/days/:day', { params: { id, day: String(day) }, signal });
      } catch (error) {
        const kept = isNoAnswer(error) ? await keptDay(id, day) : undefined;
        if (kept) return kept;
        throw error;
      }
    },
    // Asked offline too: the kept text answers then.
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });
