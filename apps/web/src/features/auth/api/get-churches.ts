import type { Church } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getChurches = (signal: AbortSignal) => api.get<Church[]>('/church/getAll', { signal });

/** Every church, for the sign-up church choice. */
export const useChurches = () =>
  useQuery({ queryKey: ['churches', 'all'], queryFn: ({ signal }) => getChurches(signal) });
