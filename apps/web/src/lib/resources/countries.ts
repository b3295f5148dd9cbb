import type { CountryUploadResult } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api-client.ts';
import { byLocaleName, countryName } from '../i18n/display-names.ts';

/** The country list that sign-up, the church dialog and the user editor offer; only an upload or a restore changes it. */
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: ({ signal }) => api.get('/countries', { signal }),
  staleTime: 60 * 60 * 1000,
});

/**
 * The country list as the reader sees it (decision 041): `options` give each stored name (what a form sends, and
 * clients of the original API read) its name in the interface's language by its ISO 3166 code, sorted and searched
 * by that; `labelOf` names any stored country so, or as stored where it has no code.
 */
export function useCountries() {
  const { i18n } = useTranslation();
  const countries = useQuery(countriesQuery);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names change with the interface's language
  const shown = useMemo(() => {
    const options = (countries.data ?? [])
      .map(({ country, code }) => ({ value: country, label: (code && countryName(code)) || country }))
      .sort((a, b) => byLocaleName(a.label, b.label));
    const labels = new Map(options.map(({ value, label }) => [value.toLowerCase(), label]));
    return {
      options,
      labelOf: (country: string | null | undefined) => (country ? (labels.get(country.toLowerCase()) ?? country) : ''),
    };
  }, [countries.data, i18n.language]);
  return { ...shown, isPending: countries.isPending, isError: countries.isError };
}

/** The file in the multipart field `jsonfile`, as the upload and its preview take it. */
function countryForm(file: File) {
  const form = new FormData();
  form.append('jsonfile', file);
  return form;
}

/** What replacing the list with the file's would change; changes nothing. */
export const previewCountries = (file: File) => api.post('/countries/preview', { body: countryForm(file) });

/** What restoring the standard list would change; changes nothing. */
export const previewRestoreCountries = () => api.get('/countries/restore/preview');

/** Replaces the country list with the file's. */
const uploadCountries = (file: File) => api.post('/countries', { body: countryForm(file) });

/** Puts back the standard list a new portal starts with. */
const restoreCountries = () => api.post('/countries/restore');

function useReplaceCountries<Input>(replace: (input: Input) => Promise<CountryUploadResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: countriesQuery.queryKey }),
  });
}

export const useUploadCountries = () => useReplaceCountries(uploadCountries);
export const useRestoreCountries = () => useReplaceCountries<void>(restoreCountries);
