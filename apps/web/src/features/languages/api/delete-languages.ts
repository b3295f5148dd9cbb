import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const deleteLanguage = (id: string) => api.delete<{ message: string }>(`/languages/${id}`);

/** Deletes the given languages one after another; stops at one still used by files (409, with the server's reason). */
export const useDeleteLanguages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await deleteLanguage(id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['languages'] }),
  });
};
