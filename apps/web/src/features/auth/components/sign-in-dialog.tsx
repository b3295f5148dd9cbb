import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES, authenticateSchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { DIALOG_SIZE } from '../../../components/dialog-size.ts';
import { FormField } from '../../../components/form/form-field.tsx';
import { PasswordField } from '../../../components/form/password-field.tsx';
import { TOAST_LIFE, useToast } from '../../../lib/toast.tsx';
import { useSignIn } from '../api/sign-in.ts';
import { forgetEmail, rememberEmail, rememberedEmail } from '../remembered-email.ts';

interface SignInDialogProps {
  /** The page the visitor asked for before being sent to sign in. */
  returnTo: string | null;
  /** The server ended the session they had: say so. */
  sessionEnded: boolean;
  onHide: () => void;
}

type Credentials = z.input<typeof authenticateSchema>;

/** Signs in; the page showing it moves on once the session starts. */
export function SignInDialog({ returnTo, sessionEnded, onHide }: SignInDialogProps) {
  const notify = useToast();
  const signIn = useSignIn();
  const [remember, setRemember] = useState(() => rememberedEmail() !== '');
  const { control, register, handleSubmit, formState } = useForm<Credentials, unknown, Credentials>({
    resolver: zodResolver(authenticateSchema),
    mode: 'onTouched',
    defaultValues: { email: rememberedEmail(), password: '' },
  });
  const { errors } = formState;

  const submit = handleSubmit(async (credentials) => {
    try {
      await signIn.mutateAsync(credentials);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      notify({ severity: 'error', summary: 'Sign in failed', detail, life: TOAST_LIFE.long });
      return;
    }
    if (remember) rememberEmail(credentials.email);
    else forgetEmail();
  });

  return (
    <Dialog header="Sign In" visible onHide={onHide} modal draggable={false} {...DIALOG_SIZE}>
      <form onSubmit={submit} noValidate>
        {sessionEnded && <Message severity="warn" text={ACCOUNT_MESSAGES.sessionEnded} className="w-full mb-3" />}
        {returnTo && (
          <p className="mt-0 text-muted">
            After signing in you go back to <code>{returnTo}</code>.
          </p>
        )}
        <FormField id="sign-in-email" label="Email" error={errors.email?.message}>
          {(aria) => (
            <InputText {...aria} type="email" autoComplete="email" className="w-full" {...register('email')} />
          )}
        </FormField>
        <PasswordField
          control={control}
          name="password"
          id="sign-in-password"
          label="Password"
          autoComplete="current-password"
        />
        <div className="flex align-items-center justify-content-between flex-wrap gap-2 mb-4">
          <div className="flex align-items-center gap-2">
            <Checkbox
              inputId="sign-in-remember"
              checked={remember}
              onChange={(event) => setRemember(Boolean(event.checked))}
            />
            <label htmlFor="sign-in-remember">Remember me</label>
          </div>
          <Link to="/account/forgot-password" className="font-medium text-primary no-underline">
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" label="Sign In" icon="pi pi-sign-in" className="w-full" loading={signIn.isPending} />
        <p className="text-center mb-0">
          New here?{' '}
          <Link to="/signup" className="font-medium text-primary">
            Create an account
          </Link>
        </p>
      </form>
    </Dialog>
  );
}
