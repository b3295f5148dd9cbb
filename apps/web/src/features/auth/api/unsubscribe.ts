import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mailedTokenQuery } from './mailed-token.ts';

const byToken = (action: 'unsubscribe' | 'subscribe') => (token: string) =>
  api.post(`/notifications/${action}`, { query: { token } });

/** Stops the member's new-edition mail with the mail's token, once: the answer is kept for the page. */
export const useUnsubscribe = (token: string) =>
  useQuery({ ...mailedTokenQuery('unsubscribe', token, byToken('unsubscribe')), gcTime: Number.POSITIVE_INFINITY });

/** Turns it back on, with the same token. */
export const useResubscribe = () => useMutation({ mutationFn: byToken('subscribe') });
