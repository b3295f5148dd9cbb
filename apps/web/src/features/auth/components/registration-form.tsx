import { zodResolver } from '@hookform/resolvers/zod';
import type { registerSchema } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { LOGIN_PATH } from '../../../lib/session/redirect.ts';
import { useToast } from '../../../lib/toast.tsx';
import { type Registration, useRegister } from '../api/register.ts';
import type { RegisterForm } from './membership-fields.tsx';
import { ResultDialog } from './result-dialog.tsx';

/** What every registration form starts from; each adds its own name fields. */
export const EMPTY_REGISTRATION = {
  email: '',
  password: '',
  confirmPassword: '',
  isMember: true,
  church: null,
  country: null,
  acceptTerms: false,
} satisfies RegisterForm;

/**
 * A registration form checked by `schema` (errors once a field was touched); a successful registration
 * shows the dialog until OK, which clears the form and goes to sign in.
 */
export function useRegistrationForm(schema: typeof registerSchema, empty: RegisterForm) {
  const navigate = useNavigate();
  const notify = useToast();
  const registration = useRegister();
  const [registered, setRegistered] = useState<Registration | null>(null);
  const form = useForm<RegisterForm, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: empty,
  });

  const submit = form.handleSubmit((values) =>
    registration.mutate(values, {
      onSuccess: () => setRegistered(values),
      onError: (error) => notify({ severity: 'error', summary: 'Registration failed', detail: error.message }),
    }),
  );

  const finish = () => {
    form.reset(empty);
    setRegistered(null);
    navigate(LOGIN_PATH);
  };

  const dialog = (
    <ResultDialog header="Registration Successful!" visible={registered !== null} onOk={finish}>
      <p className="mt-0">
        Welcome, {registered?.fullName || `${registered?.firstName ?? ''} ${registered?.lastName ?? ''}`.trim()}! Your
        account is registered.
      </p>
      <p className="mb-0">
        Please check <strong>{registered?.email}</strong> for verification instructions.
      </p>
    </ResultDialog>
  );

  return { form, submit, isPending: registration.isPending, dialog };
}

/** The way to sign in, under each registration form. */
export function SignInLink({ className }: { className: string }) {
  return (
    <p className={className}>
      Already have an account?{' '}
      <Link to={LOGIN_PATH} className="font-medium text-primary">
        Sign in
      </Link>
    </p>
  );
}
