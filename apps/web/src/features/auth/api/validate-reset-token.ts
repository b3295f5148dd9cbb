import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { mailedTokenQuery } from './mailed-token.ts';

export const validateResetToken = (token: string) => api.post('/accounts/validate-reset-token', { body: { token } });

/** Checks the mailed reset token once; it is not used up by this check. */
export const useValidateResetToken = (token: string) =>
  useQuery(mailedTokenQuery('reset-token', token, validateResetToken));
