import type { Account, UpdateAccountRequest } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The updated account; a new access token comes with it when the caller changed their own password. */
export type UpdatedAccount = Account & { jwtToken?: string };

export const updateAccount = ({ id, ...changes }: UpdateAccountRequest & { id: string }) =>
  api.put<UpdatedAccount>(`/accounts/updateUser/${encodeURIComponent(id)}`, changes);

export const useUpdateAccount = () => useMutation({ mutationFn: updateAccount });
