import { zodResolver } from '@hookform/resolvers/zod';
import type { registerSchema } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { LOGIN_PATH } from '../../../lib/session/redirect.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';
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
  notifyEditions: false,
} satisfies RegisterForm;

/**
 * A registration form checked by `schema` (errors once a field was touched); a successful registration
 * shows the dialog until OK, which clears the form and goes to sign in.
 */
export function useRegistrationForm(schema: typeof registerSchema, empty: RegisterForm) {
  const { t } = useTranslation();
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
      onError: (error) => notify(errorToast(error, { summary: t('auth.register.failed') })),
    }),
  );

  const finish = () => {
    form.reset(empty);
    setRegistered(null);
    navigate(LOGIN_PATH);
  };

  const dialog = (
    <ResultDialog header={t('auth.register.successful')} visible={registered !== null} onOk={finish}>
      <p className="mt-0">
        {t('auth.register.welcome', {
          name: registered?.fullName || `${registered?.firstName ?? ''} ${registered?.lastName ?? ''}`.trim(),
        })}
      </p>
      <p className="mb-0">
        <Trans
          i18nKey="auth.register.checkMail"
          values={{ email: registered?.email }}
          components={{ strong: <strong /> }}
        />
      </p>
    </ResultDialog>
  );

  return { form, submit, isPending: registration.isPending, dialog };
}

/** The way to sign in, under each registration form. */
export function SignInLink({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <p className={className}>
      {t('auth.register.haveAccount')}{' '}
      <Link to={LOGIN_PATH} className="font-medium text-primary">
        {t('auth.register.signIn')}
      </Link>
    </p>
  );
}
