import type { Account } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getAccount = (id: string, signal: AbortSignal) => api.get<Account>(`/accounts/getById/${id}`, { signal });

export const useAccount = (id: string) =>
  useQuery({ queryKey: ['accounts', id], queryFn: ({ signal }) => getAccount(id, signal) });
