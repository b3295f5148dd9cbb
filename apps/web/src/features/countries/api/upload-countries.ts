import type { CountryUploadResult } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Replaces the country list with the file's (multipart field `jsonfile`). */
export const uploadCountries = (file: File) => {
  const form = new FormData();
  form.append('jsonfile', file);
  return api.post<CountryUploadResult>('/files/uploadCountries', form);
};

export const useUploadCountries = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCountries,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['countries'] }),
  });
};
