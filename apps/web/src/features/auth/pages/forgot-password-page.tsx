import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormField } from '../../../components/form/form-field.tsx';
import { LOGIN_PATH } from '../../../lib/session/redirect.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { ResultDialog } from '../components/result-dialog.tsx';

type ForgotForm = z.input<typeof emailOnlySchema>;

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const notify = useToast();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotForm, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const error = formState.errors.email?.message;

  const submit = handleSubmit(({ email }) =>
    forgot.mutate(email, {
      onSuccess: () => setSentTo(email),
      onError: (failure) => notify({ severity: 'error', summary: 'Request failed', detail: failure.message }),
    }),
  );

  return (
    <AuthCard title="Forgot Password">
      <form onSubmit={submit} noValidate>
        <p className="mt-0 line-height-3">
          Enter your e-mail address and we will send you a link to choose a new password.
        </p>
        <FormField id="forgot-email" label="Email" error={error}>
          {(aria) => (
            <InputText {...aria} type="email" autoComplete="email" className="w-full" {...register('email')} />
          )}
        </FormField>
        <Button type="submit" label="Submit" icon="pi pi-send" className="w-full" loading={forgot.isPending} />
        <p className="text-center mb-0">
          <Link to={LOGIN_PATH} className="font-medium text-primary">
            Back to login
          </Link>
        </p>
      </form>
      <ResultDialog header="Check your e-mail" visible={sentTo !== null} onOk={() => navigate(LOGIN_PATH)}>
        <p className="m-0">
          Please check <strong>{sentTo}</strong> for password reset instructions.
        </p>
      </ResultDialog>
    </AuthCard>
  );
}
