import type { registerSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { portalLocale } from '../../../lib/i18n/i18n.ts';

export type Registration = z.output<typeof registerSchema>;

/** Registers in the language the portal is in: the verification mail comes in it (decision 028). */
export const register = (registration: Registration) =>
  api.post('/accounts/register', { body: { ...registration, locale: portalLocale() } });

export const useRegister = () => useMutation({ mutationFn: register });
