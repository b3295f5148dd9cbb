import type { StatsQuery } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { statsSearch } from './stats-query.ts';

export const getStatsSummary = (query: StatsQuery) => api.get('/stats/summary', { query: statsSearch(query) });

/** The dashboard cards' figures. */
export function useStatsSummary(query: StatsQuery) {
  return useQuery({
    queryKey: ['stats', 'summary', query],
    queryFn: () => getStatsSummary(query),
    placeholderData: keepPreviousData,
  });
}
