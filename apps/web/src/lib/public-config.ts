import type { PublicConfig } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** This installation's external links (GET /api/config); they only change with a restart. */
export const usePublicConfig = () =>
  useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api.get<PublicConfig>('/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
