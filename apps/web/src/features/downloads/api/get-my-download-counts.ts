import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Time for the browser's own request to reach the server, which counts the download as the file starts. */
const RECOUNT_DELAY_MS = 1500;

/** The signed-in user's downloads this month, this year and in all. */
export const myDownloadCountsQuery = queryOptions({
  queryKey: ['my-download-counts'],
  queryFn: ({ signal }) => api.get('/stats/mine', { signal }),
  // Downloads made since the last visit count at once.
  staleTime: 0,
});

/** Loads the counts again once a download the browser just started has been counted. */
export function useRecountAfterDownload() {
  const queryClient = useQueryClient();
  return () =>
    setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: myDownloadCountsQuery.queryKey }),
      RECOUNT_DELAY_MS,
    );
}
