import type { Church } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ChurchFields } from './create-church.ts';

export const updateChurch = ({ id, ...church }: ChurchFields & { id: string }) =>
  api.put<Church>(`/church/update/${id}`, church);

export const useUpdateChurch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChurch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['churches'] }),
  });
};
