import type { MessageAnswer } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface PasswordReset {
  token: string;
  password: string;
  confirmPassword: string;
}

export const resetPassword = (reset: PasswordReset) => api.post<MessageAnswer>('/accounts/reset-password', reset);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
