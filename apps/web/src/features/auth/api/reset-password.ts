import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PasswordReset {
  token: string;
  password: string;
  confirmPassword: string;
}

export const resetPassword = (reset: PasswordReset) => api.post<{ message: string }>('/accounts/reset-password', reset);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
