import type { Country } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The country list (GET /api/country/getAll): sign-up, the church dialog and the user form offer it. */
export const useCountries = () =>
  useQuery({
    queryKey: ['countries'],
    queryFn: ({ signal }) => api.get<Country[]>('/country/getAll', { signal }),
  });
