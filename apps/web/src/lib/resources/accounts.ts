import type { MoveAccountsRequest, UpdateAccountRequest } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { portalLocale } from '../i18n/i18n.ts';
import type { ServerPage } from './server-page.ts';
import { serverPageSearch } from './server-page.ts';

const ACCOUNTS = ['accounts'] as const;
const ACCOUNT_PAGES = [...ACCOUNTS, 'list'] as const;

export const accountQuery = (id: string) =>
  queryOptions({
    queryKey: [...ACCOUNTS, id],
    queryFn: ({ signal }) => api.get('/accounts/:id', { params: { id }, signal }),
  });

/** One page of the user list; the previous page stays on screen while the next one loads. */
export const accountPageQuery = (page: ServerPage) =>
  queryOptions({
    queryKey: [...ACCOUNT_PAGES, page, portalLocale()],
    queryFn: ({ signal }) =>
      api.get('/accounts/list', { query: serverPageSearch(page, { locale: portalLocale() }), signal }),
    placeholderData: keepPreviousData,
  });

export const updateAccount = ({ id, changes }: { id: string; changes: UpdateAccountRequest }) =>
  api.put('/accounts/:id', { params: { id }, body: changes });

/** Saves an account: the editor's changes to someone's, or one's own profile. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS }),
  });
}

export const moveAccounts = (move: MoveAccountsRequest) => api.post('/accounts/church', { body: move });

/** Moves accounts to a church; the user list shows them there. */
export function useMoveAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveAccounts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ACCOUNTS }),
  });
}

/** One's own account needs the current password; the server then ends its sessions and clears the refresh cookie. */
export const deleteAccount = ({ id, currentPassword }: { id: string; currentPassword?: string }) =>
  api.delete('/accounts/:id', {
    params: { id },
    body: currentPassword === undefined ? undefined : { currentPassword },
  });

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (_answer, { id }) => {
      queryClient.removeQueries({ queryKey: accountQuery(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: ACCOUNT_PAGES });
    },
  });
}
