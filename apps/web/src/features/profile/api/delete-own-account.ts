import type { deleteAccountSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

type Confirmation = NonNullable<z.input<typeof deleteAccountSchema>>;

/** Deletes the signed-in person's own account; the server ends its sessions and clears the refresh cookie. */
export const deleteOwnAccount = ({ id, currentPassword }: Confirmation & { id: string }) =>
  api.delete<{ message: string }>(`/accounts/${encodeURIComponent(id)}`, { currentPassword });

export const useDeleteOwnAccount = () => useMutation({ mutationFn: deleteOwnAccount });
