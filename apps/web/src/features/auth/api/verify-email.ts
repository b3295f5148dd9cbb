import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mailedTokenQuery } from './mailed-token.ts';

export const verifyEmail = (token: string) => api.post('/accounts/verify-email', { body: { token } });

/** Verifies the address with the mailed token; the token is single use, so the answer is kept, never asked again. */
export const useVerifyEmail = (token: string) =>
  useQuery({ ...mailedTokenQuery('verify-email', token, verifyEmail), gcTime: Number.POSITIVE_INFINITY });
