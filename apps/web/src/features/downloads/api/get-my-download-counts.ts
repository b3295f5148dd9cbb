import type { MyCounts } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const MY_DOWNLOAD_COUNTS_KEY = ['my-download-counts'];
/** Time for the browser's own request to reach the server, which counts the download as the file starts. */
const RECOUNT_DELAY_MS = 1500;

export const getMyDownloadCounts = (signal: AbortSignal) =>
  api.get<MyCounts>('/transaction/myDownloadCounts', { signal });

/** The signed-in user's downloads this month, this year and in all. */
export const useMyDownloadCounts = () =>
  useQuery({
    queryKey: MY_DOWNLOAD_COUNTS_KEY,
    queryFn: ({ signal }) => getMyDownloadCounts(signal),
    // Downloads made since the last visit count at once.
    staleTime: 0,
  });

/** Loads the counts again once a download the browser just started has been counted. */
export function useRecountAfterDownload() {
  const queryClient = useQueryClient();
  return () =>
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: MY_DOWNLOAD_COUNTS_KEY }), RECOUNT_DELAY_MS);
}
