import type { Country, CountryUploadResult } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** The country list that sign-up, the church dialog and the user editor offer; only an upload changes it. */
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: ({ signal }) => api.get<Country[]>('/country/getAll', { signal }),
  staleTime: 60 * 60 * 1000,
});

/** Replaces the country list with the file's (multipart field `jsonfile`). */
export function uploadCountries(file: File) {
  const form = new FormData();
  form.append('jsonfile', file);
  return api.post<CountryUploadResult>('/files/uploadCountries', form);
}

export function useUploadCountries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCountries,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countriesQuery.queryKey }),
  });
}
