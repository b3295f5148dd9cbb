import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PasswordReset {
  token: string;
  password: string;
  confirmPassword: string;
}

export const resetPassword = (reset: PasswordReset) => api.post('/accounts/reset-password', { body: reset });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
