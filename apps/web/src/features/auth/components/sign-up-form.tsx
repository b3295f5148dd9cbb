import { zodResolver } from '@hookform/resolvers/zod';
import { NO_CHURCH, registerSchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PasswordPairFields } from '../../../components/form/password-pair-fields.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { LOGIN_PATH } from '../../../lib/session/redirect.ts';
import { CountryField } from './country-field.tsx';
import { MembershipFields, type RegisterForm } from './membership-fields.tsx';
import { useRegistrationFlow } from './registration-flow.tsx';
import { TermsField } from './terms-field.tsx';

const EMPTY: RegisterForm = {
  fullName: '',
  email: '',
  password: '',
  confirmPassword: '',
  isMember: true,
  church: null,
  country: null,
  acceptTerms: false,
};

/** The dialog asks nothing about membership: it signs up a member with no church (spec). */
const EMPTY_BY_VARIANT = { page: EMPTY, dialog: { ...EMPTY, church: NO_CHURCH } } as const;

interface SignUpFormProps {
  /** `page` at /signup asks for membership and church; `dialog` on the landing page does not. */
  variant: keyof typeof EMPTY_BY_VARIANT;
}

/** Sign-up: full name, e-mail, password, membership (full screen only) and country; a success dialog then leads to sign in. */
export function SignUpForm({ variant }: SignUpFormProps) {
  const empty = EMPTY_BY_VARIANT[variant];
  const { control, register, handleSubmit, reset, formState } = useForm<
    RegisterForm,
    unknown,
    z.output<typeof registerSchema>
  >({ resolver: zodResolver(registerSchema), mode: 'onTouched', defaultValues: empty });
  const { errors } = formState;

  const flow = useRegistrationFlow(() => reset(empty));
  const submit = handleSubmit(flow.submit);

  return (
    <>
      <form onSubmit={submit} noValidate>
        <TextField
          id="sign-up-name"
          label="Full Name"
          error={errors.fullName?.message}
          autoComplete="name"
          {...register('fullName')}
        />
        <TextField
          id="sign-up-email"
          label="Email"
          error={errors.email?.message}
          type="email"
          autoComplete="email"
          {...register('email')}
        />
        <PasswordPairFields control={control} idPrefix="sign-up" />
        {variant === 'page' && <MembershipFields control={control} idPrefix="sign-up" />}
        <CountryField control={control} idPrefix="sign-up" />
        <TermsField control={control} idPrefix="sign-up" />
        <Button type="submit" label="Sign Up" icon="pi pi-user-plus" className="w-full" loading={flow.isPending} />
        <p className="text-center mb-0">
          Already have an account?{' '}
          <Link to={LOGIN_PATH} className="font-medium text-primary">
            Sign in
          </Link>
        </p>
      </form>
      {flow.dialog}
    </>
  );
}
