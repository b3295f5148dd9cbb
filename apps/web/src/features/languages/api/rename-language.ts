import type { Language } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const renameLanguage = ({ id, name }: { id: string; name: string }) =>
  api.put<Language>(`/languages/${id}`, { name });

/** Renames a language; its files follow, so file lists reload too. */
export const useRenameLanguage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameLanguage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['languages'] }),
        queryClient.invalidateQueries({ queryKey: ['files'] }),
      ]),
  });
};
