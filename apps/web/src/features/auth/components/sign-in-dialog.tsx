import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES, authenticateSchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormField } from '../../../components/form/form-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { PageDialog } from '../../../components/page-dialog.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useTypedBeforeStart } from '../../../hooks/use-typed-before-start.ts';
import { localePath, type UiLocale } from '../../../lib/i18n/i18n.ts';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import { useSignIn } from '../api/sign-in.ts';
import { forgetEmail, rememberEmail, rememberedEmail } from '../remembered-email.ts';

interface SignInDialogProps {
  /** The page the visitor asked for before being sent to sign in. */
  returnTo: string | null;
  /** The server ended the session they had: say so. */
  sessionEnded: boolean;
  /** Where closing it goes. */
  closeTo: string;
}

type Credentials = z.input<typeof authenticateSchema>;

/** The text fields' element ids, whose values typed before the app ran the form keeps (decision 052). */
const TEXT_FIELDS = { email: 'sign-in-email', password: 'sign-in-password' };

/**
 * Signs in; the page showing it moves on once the session starts. Prerendered (decision 053): its Sign In button is
 * disabled until the app runs, so that Enter in a field does not have the browser send the form itself.
 */
export function SignInDialog({ returnTo, sessionEnded, closeTo }: SignInDialogProps) {
  const { t, i18n } = useTranslation();
  // Its links keep the page's language, with the app or without (decision 028).
  const locale = i18n.language as UiLocale;
  const notify = useToast();
  const signIn = useSignIn();
  const hydrated = useHydrated();
  // As the prerender drew it until the app has taken the page over; then as this browser remembers, until changed.
  const [chosen, setRemember] = useState<boolean>();
  const remember = chosen ?? (hydrated && rememberedEmail() !== '');
  const defaults = useTypedBeforeStart({ email: rememberedEmail(), password: '' }, TEXT_FIELDS);
  const { control, register, handleSubmit, formState } = useForm<Credentials, unknown, Credentials>({
    resolver: zodResolver(authenticateSchema),
    mode: 'onTouched',
    defaultValues: defaults,
  });
  const { errors } = formState;

  const submit = handleSubmit(async (credentials) => {
    try {
      await signIn.mutateAsync(credentials);
    } catch (error) {
      notify(errorToast(error, { summary: t('auth.signIn.failed'), life: 'long' }));
      return;
    }
    if (remember) rememberEmail(credentials.email);
    else forgetEmail();
  });

  return (
    <PageDialog header={t('common.signIn')} closeTo={closeTo}>
      <form onSubmit={submit} noValidate>
        {sessionEnded && (
          <Message severity="warn" text={translateMessage(ACCOUNT_MESSAGES.sessionEnded)} className="w-full mb-3" />
        )}
        {returnTo && (
          <p className="mt-0 text-muted">
            <Trans i18nKey="auth.signIn.returnTo" values={{ page: returnTo }} components={{ code: <code /> }} />
          </p>
        )}
        <FormField id="sign-in-email" label={t('common.email')} error={errors.email?.message}>
          {(aria) => (
            <InputText {...aria} type="email" autoComplete="email" className="w-full" {...register('email')} />
          )}
        </FormField>
        <PasswordField
          control={control}
          name="password"
          id="sign-in-password"
          label={t('common.password')}
          autoComplete="current-password"
        />
        <div className="flex align-items-center justify-content-between flex-wrap gap-2 mb-4">
          <div className="flex align-items-center gap-2">
            <Checkbox
              inputId="sign-in-remember"
              checked={remember}
              onChange={(event) => setRemember(Boolean(event.checked))}
            />
            <label htmlFor="sign-in-remember">{t('auth.signIn.remember')}</label>
          </div>
          <Link to={localePath(locale, 'account/forgot-password')} className="font-medium text-primary no-underline">
            {t('auth.signIn.forgot')}
          </Link>
        </div>
        <Button
          type="submit"
          label={t('common.signIn')}
          icon="pi pi-sign-in"
          className="w-full"
          loading={signIn.isPending}
          disabled={!hydrated}
        />
        <p className="text-center mb-0">
          {t('auth.signIn.newHere')}{' '}
          <Link to={localePath(locale, 'signup')} className="font-medium text-primary">
            {t('auth.signIn.createAccount')}
          </Link>
        </p>
      </form>
    </PageDialog>
  );
}
