import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const POLL_MS = 500;

export const getMigrationProgress = () => api.get('/migrate/progress');

/** What the running import is doing, asked again every half second while a component shows it. */
export function useMigrationProgress() {
  return useQuery({
    queryKey: ['migration', 'progress'],
    queryFn: getMigrationProgress,
    refetchInterval: POLL_MS,
    staleTime: 0,
    gcTime: 0,
  });
}
