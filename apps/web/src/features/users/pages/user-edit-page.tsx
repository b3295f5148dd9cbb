import { ACCOUNT_MESSAGES } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DeleteAccountDialog } from '../../../components/delete-account-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PageSection } from '../../../components/page-section.tsx';
import { ConfirmDelete } from '../../../components/record-table/confirm-delete.tsx';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { accountQuery, useDeleteAccount, useUpdateAccount } from '../../../lib/resources/accounts.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { updateSessionUser } from '../../../lib/session/session-store.ts';
import { errorToast, useToast } from '../../../lib/toast.tsx';
import { type AccountChanges, UserForm } from '../components/user-form.tsx';

const USER_LIST_PATH = '/admin/user-list';

export function UserEditPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const { user } = useSession();
  const notify = useToast();
  const navigate = useNavigate();
  const account = useQuery(accountQuery(id));
  const update = useUpdateAccount();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const isSelf = user?.id === id;

  const deleteQuestion = t('table.deleteOne', { row: account.data?.email ?? t('users.edit.thisUser') });

  const fail = (failure: Error) => notify(errorToast(failure, { life: 'long' }));

  const save = (changes: AccountChanges) =>
    update.mutate(
      { id, changes },
      {
        onSuccess: (saved) => {
          if (isSelf) updateSessionUser(saved);
          notify({
            severity: 'success',
            summary: t('common.success'),
            detail: t('users.edit.saved', { email: saved.email }),
          });
          navigate(USER_LIST_PATH);
        },
        onError: fail,
      },
    );

  const deleteAccount = () =>
    remove.mutate(
      { id },
      {
        onSuccess: () => {
          notify({
            severity: 'success',
            summary: t('common.success'),
            detail: translateMessage(ACCOUNT_MESSAGES.accountDeleted),
          });
          navigate(USER_LIST_PATH);
        },
        onError: fail,
      },
    );

  return (
    <PageSection title={t('users.edit.title')}>
      <p className="mt-0">
        <Link to={USER_LIST_PATH}>
          <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
          {t('users.edit.back')}
        </Link>
      </p>
      {account.isPending && <PageLoader />}
      {account.isError && <Message severity="error" text={account.error.message} />}
      {update.error && <Message severity="error" text={update.error.message} className="mb-3 w-full" />}
      {account.data && (
        <UserForm
          key={account.data.id}
          account={account.data}
          saving={update.isPending}
          deleting={remove.isPending}
          onSave={save}
          onDelete={() => setConfirming(true)}
        />
      )}
      {/* One's own account goes as from the profile: confirmed by its password, then signed out. */}
      {isSelf ? (
        <DeleteAccountDialog accountId={id} visible={confirming} onHide={() => setConfirming(false)} />
      ) : (
        <ConfirmDelete
          message={confirming ? deleteQuestion : null}
          onHide={() => setConfirming(false)}
          onAccept={deleteAccount}
        />
      )}
    </PageSection>
  );
}
