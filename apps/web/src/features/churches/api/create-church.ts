import type { Church, churchInputSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type ChurchFields = z.output<typeof churchInputSchema>;

export const createChurch = (church: ChurchFields) => api.post<Church>('/church/create/', church);

export const useCreateChurch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChurch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['churches'] }),
  });
};
