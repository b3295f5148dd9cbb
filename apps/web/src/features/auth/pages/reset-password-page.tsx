import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES, resetPasswordSchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PasswordPairFields } from '../../../components/form/password-pair-fields.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { LOGIN_PATH } from '../../../lib/session/redirect.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import { useLinkToken } from '../api/mailed-token.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { useValidateResetToken } from '../api/validate-reset-token.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResultDialog } from '../components/result-dialog.tsx';
import { TokenCheck } from '../components/token-status.tsx';

type ResetForm = z.input<typeof resetPasswordSchema>;

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useToast();
  const reset = useResetPassword();
  const [done, setDone] = useState(false);
  const { control, handleSubmit } = useForm<ResetForm, unknown, z.output<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { token, password: '', confirmPassword: '' },
  });

  const submit = handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: () => setDone(true),
      onError: (error) => notify(errorToast(error, { summary: t('auth.reset.failed') })),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <PasswordPairFields control={control} idPrefix="reset" />
      <Button
        type="submit"
        label={t('common.submit')}
        icon="pi pi-check"
        className="w-full"
        loading={reset.isPending}
      />
      <ResultDialog header={t('auth.reset.done')} visible={done} onOk={() => navigate(LOGIN_PATH)}>
        <p className="m-0">{translateMessage(ACCOUNT_MESSAGES.passwordReset)}</p>
      </ResultDialog>
    </form>
  );
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const validation = useValidateResetToken(token);

  return (
    <AuthCard title={t('auth.reset.title')}>
      <TokenCheck
        token={token}
        check={validation}
        pending={t('auth.reset.validating')}
        failed={translateMessage(ACCOUNT_MESSAGES.tokenInvalid)}
      >
        <ResetPasswordForm token={token} />
      </TokenCheck>
    </AuthCard>
  );
}
