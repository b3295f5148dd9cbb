import type { AccountPage } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ServerPage } from '../../../components/record-table/record-table.tsx';
import { api } from '../../../lib/api-client.ts';

export const getAccountPage = (page: ServerPage, signal: AbortSignal) => {
  const query = new URLSearchParams({
    first: String(page.first),
    rows: String(page.rows),
    search: page.search,
    sortField: page.sortField,
    sortOrder: String(page.sortOrder),
  });
  return api.get<AccountPage>(`/accounts/list?${query}`, { signal });
};

/** One page of the user list; the previous page stays on screen while the next one loads. */
export const useAccountPage = (page: ServerPage) =>
  useQuery({
    queryKey: ['accounts', 'list', page],
    queryFn: ({ signal }) => getAccountPage(page, signal),
    placeholderData: keepPreviousData,
  });
