import type { Language } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const createLanguage = (name: string) => api.post<Language>('/languages/create/', { name });

export const useCreateLanguage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLanguage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['languages'] }),
  });
};
