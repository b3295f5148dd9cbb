import type { MessageAnswer } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';

/** The token of the mailed link the page was opened with; '' without one. */
export function useLinkToken() {
  const [search] = useSearchParams();
  return search.get('token') ?? '';
}

/** The server's check of a mailed link's token: asked once there is one and not retried, so that the answer stays. */
export const mailedTokenQuery = (key: string, token: string, check: (token: string) => Promise<MessageAnswer>) =>
  queryOptions({
    queryKey: [key, token],
    queryFn: () => check(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
