import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const verifyEmail = (token: string) => api.post<{ message: string }>('/accounts/verify-email', { token });

/** Verifies the address with the mailed token; the token is single use, so the answer is kept, never asked again. */
export const useVerifyEmail = (token: string) =>
  useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
