import type { Church } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** Every church (GET /api/church/getAll), by country and name: the church list and the church choices. */
export const useChurches = () =>
  useQuery({
    queryKey: ['churches'],
    queryFn: ({ signal }) => api.get<Church[]>('/church/getAll', { signal }),
  });
