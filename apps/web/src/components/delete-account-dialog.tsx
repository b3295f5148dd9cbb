import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_MESSAGES } from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../lib/api-client.ts';
import { translateMessage } from '../lib/i18n/messages.ts';
import { useDeleteAccount } from '../lib/resources/accounts.ts';
import { useLeaveSession } from '../lib/session/use-sign-out.ts';
import { errorToast, useToast } from '../lib/toast.tsx';
import { dialogProps } from './dialog-size.ts';
import { PasswordField } from './form/password-field.tsx';

const confirmationSchema = z.object({
  currentPassword: z.string().min(1, ACCOUNT_MESSAGES.deleteConfirmRequired).max(200),
});
type Confirmation = z.infer<typeof confirmationSchema>;

interface DeleteAccountDialogProps {
  accountId: string;
  visible: boolean;
  onHide: () => void;
}

/** Asks for the password, deletes the account, and leaves for the landing page signed out. */
export function DeleteAccountDialog({ accountId, visible, onHide }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const notify = useToast();
  const leaveSession = useLeaveSession();
  const remove = useDeleteAccount();
  const { control, handleSubmit, reset, setError, setFocus } = useForm<Confirmation>({
    resolver: zodResolver(confirmationSchema),
    defaultValues: { currentPassword: '' },
  });
  // The last Super Admin may not go: the server's reason stays in the dialog, above the password.
  const refusal = remove.error instanceof ApiError && remove.error.status === 409 ? remove.error.message : null;

  const close = () => {
    reset();
    remove.reset();
    onHide();
  };

  const submit = handleSubmit(({ currentPassword }) =>
    remove.mutate(
      { id: accountId, currentPassword },
      {
        onSuccess: () => {
          notify({
            severity: 'success',
            summary: t('profile.delete.done'),
            detail: translateMessage(ACCOUNT_MESSAGES.accountDeleted),
          });
          void leaveSession();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.body?.message === ACCOUNT_MESSAGES.currentPasswordWrong) {
            setError('currentPassword', { message: error.message }, { shouldFocus: true });
          } else if (!(error instanceof ApiError && error.status === 409)) {
            notify(errorToast(error, { life: 'long' }));
          }
        },
      },
    ),
  );

  return (
    <Dialog
      header={t('profile.delete.title')}
      visible={visible}
      onShow={() => setFocus('currentPassword')}
      className="delete-account-dialog"
      {...dialogProps(close)}
    >
      <form onSubmit={submit} noValidate>
        <p className="mt-0">{t('profile.delete.confirm')}</p>
        {refusal && <Message severity="error" text={refusal} className="w-full mb-3" />}
        <PasswordField
          control={control}
          name="currentPassword"
          id="delete-account-password"
          label={t('profile.delete.password')}
          autoComplete="current-password"
        />
        <div className="flex flex-column sm:flex-row sm:justify-content-end gap-2">
          <Button type="button" label={t('common.cancel')} icon="pi pi-times" outlined onClick={close} />
          <Button
            type="submit"
            label={t('profile.delete.title')}
            icon="pi pi-trash"
            severity="danger"
            loading={remove.isPending}
          />
        </div>
      </form>
    </Dialog>
  );
}
