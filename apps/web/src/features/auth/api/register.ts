import type { registerSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type Registration = z.output<typeof registerSchema>;

export const register = (registration: Registration) =>
  api.post<{ message: string }>('/accounts/register', registration);

export const useRegister = () => useMutation({ mutationFn: register });
