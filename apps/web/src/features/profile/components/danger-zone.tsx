import { Button } from 'primereact/button';
import { useState } from 'react';
import { DeleteAccountDialog } from '../../../components/delete-account-dialog.tsx';
import '../profile.css';
import { useTranslation } from 'react-i18next';

/** The bottom of the profile: deleting one's own account, apart from everything else. */
export function DangerZone({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  return (
    <section
      className="danger-zone surface-card border-round-xl shadow-1 p-4 md:p-5 mt-4"
      aria-labelledby="danger-zone-title"
    >
      <h2 id="danger-zone-title" className="danger-zone-title text-xl font-semibold mt-0 mb-2">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        {t('profile.delete.title')}
      </h2>
      <div className="flex flex-column md:flex-row md:align-items-center md:justify-content-between gap-3">
        <p className="m-0 text-muted">{t('profile.delete.warning')}</p>
        <Button
          type="button"
          label={t('profile.delete.title')}
          icon="pi pi-trash"
          severity="danger"
          outlined
          className="flex-shrink-0"
          aria-haspopup="dialog"
          onClick={() => setDeleting(true)}
        />
      </div>
      <DeleteAccountDialog accountId={accountId} visible={deleting} onHide={() => setDeleting(false)} />
    </section>
  );
}
