import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const deleteChurch = (id: string) => api.delete<{ message: string }>(`/church/delete/${id}`);

/** Deletes the given churches one after another; the list reloads even when one of them fails. */
export const useDeleteChurches = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await deleteChurch(id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['churches'] }),
  });
};
