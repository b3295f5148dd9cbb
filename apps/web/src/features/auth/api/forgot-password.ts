import type { MessageAnswer } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const forgotPassword = (email: string) => api.post<MessageAnswer>('/accounts/forgot-password', { email });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
