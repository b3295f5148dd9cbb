import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const forgotPassword = (email: string) => api.post('/accounts/forgot-password', { body: { email } });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
