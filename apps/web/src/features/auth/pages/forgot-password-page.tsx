import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormField } from '../../../components/form/form-field.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useTypedBeforeStart } from '../../../hooks/use-typed-before-start.ts';
import { LOGIN_PATH } from '../../../lib/session/redirect.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResultDialog } from '../components/result-dialog.tsx';

type ForgotForm = z.input<typeof emailOnlySchema>;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const notify = useToast();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const typed = useTypedBeforeStart({ email: '' }, { email: 'forgot-email' });
  const { register, handleSubmit, formState } = useForm<ForgotForm, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    mode: 'onTouched',
    defaultValues: typed,
  });
  const error = formState.errors.email?.message;

  const submit = handleSubmit(({ email }) =>
    forgot.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (failure) => notify(errorToast(failure, { summary: t('auth.forgot.failed') })),
    }),
  );

  return (
    <AuthCard title={t('auth.forgot.title')}>
      <form onSubmit={submit} noValidate>
        <p className="mt-0 line-height-3">{t('auth.forgot.intro')}</p>
        <FormField id="forgot-email" label={t('common.email')} error={error}>
          {(aria) => (
            <InputText {...aria} type="email" autoComplete="email" className="w-full" {...register('email')} />
          )}
        </FormField>
        <Button
          type="submit"
          label={t('common.submit')}
          icon="pi pi-send"
          className="w-full"
          loading={forgot.isPending}
          // A prerendered form is not sent by the browser itself before the page's scripts take it over.
          disabled={!hydrated}
        />
        <p className="text-center mb-0">
          <Link to={LOGIN_PATH} className="font-medium text-primary">
            {t('auth.forgot.back')}
          </Link>
        </p>
      </form>
      <ResultDialog header={t('auth.forgot.checkMail')} visible={sentTo !== null} onOk={() => navigate(LOGIN_PATH)}>
        <p className="m-0">
          <Trans i18nKey="auth.forgot.sent" values={{ email: sentTo }} components={{ strong: <strong /> }} />
        </p>
      </ResultDialog>
    </AuthCard>
  );
}
