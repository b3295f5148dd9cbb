import type { Account, updateAccountSchema } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type AccountChanges = z.output<typeof updateAccountSchema>;

export const updateAccount = ({ id, changes }: { id: string; changes: AccountChanges }) =>
  api.put<Account>(`/accounts/updateUser/${id}`, changes);

export const useUpdateAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
  });
};
