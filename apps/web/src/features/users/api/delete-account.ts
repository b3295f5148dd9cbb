import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const deleteAccount = (id: string) => api.delete<{ message: string }>(`/accounts/${id}`);

export const useDeleteAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: ['accounts', id] });
      return queryClient.invalidateQueries({ queryKey: ['accounts', 'list'] });
    },
  });
};
