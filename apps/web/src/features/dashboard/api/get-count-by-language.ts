import type { StatsQuery } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { statsSearch } from './stats-query.ts';

export const getCountByLanguage = (query: StatsQuery) => api.get('/stats/languages', { query: statsSearch(query) });

/** Downloads per language in the range, most first. */
export function useCountByLanguage(query: StatsQuery) {
  return useQuery({
    queryKey: ['stats', 'by-language', query],
    queryFn: () => getCountByLanguage(query),
    placeholderData: keepPreviousData,
  });
}
