import type { Country, CountryChanges, CountryUploadResult } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/** The country list that sign-up, the church dialog and the user editor offer; only an upload or a restore changes it. */
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: ({ signal }) => api.get<Country[]>('/country/getAll', { signal }),
  staleTime: 60 * 60 * 1000,
});

/** The file in the multipart field `jsonfile`, as the upload and its preview take it. */
function countryForm(file: File) {
  const form = new FormData();
  form.append('jsonfile', file);
  return form;
}

/** What replacing the list with the file's would change; changes nothing. */
export const previewCountries = (file: File) => api.post<CountryChanges>('/countries/preview', countryForm(file));

/** What restoring the standard list would change; changes nothing. */
export const previewRestoreCountries = () => api.get<CountryChanges>('/countries/restore/preview');

/** Replaces the country list with the file's. */
const uploadCountries = (file: File) => api.post<CountryUploadResult>('/files/uploadCountries', countryForm(file));

/** Puts back the standard list a new portal starts with. */
const restoreCountries = () => api.post<CountryUploadResult>('/countries/restore');

function useReplaceCountries<Input>(replace: (input: Input) => Promise<CountryUploadResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countriesQuery.queryKey }),
  });
}

export const useUploadCountries = () => useReplaceCountries(uploadCountries);
export const useRestoreCountries = () => useReplaceCountries<void>(restoreCountries);
