import type { MyCounts } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getMyDownloadCounts = (signal: AbortSignal) =>
  api.get<MyCounts>('/transaction/myDownloadCounts', { signal });

/** The signed-in user's downloads this month, this year and in all. */
export const useMyDownloadCounts = () =>
  useQuery({
    queryKey: ['my-download-counts'],
    queryFn: ({ signal }) => getMyDownloadCounts(signal),
    // Downloads made since the last visit count at once.
    staleTime: 0,
  });
