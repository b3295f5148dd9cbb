import type { Country } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const getCountries = (signal: AbortSignal) => api.get<Country[]>('/country/getAll', { signal });

export const useCountries = () =>
  useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => getCountries(signal), staleTime: 60 * 60 * 1000 });
