import { useTranslation } from 'react-i18next';
import { useOnline } from '../hooks/use-online.ts';

/** Says, above every page while the browser has no connection, what still works (decision 033). */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status">
      {!online && (
        <p className="offline-notice">
          <i className="pi pi-info-circle" aria-hidden="true" />
          <span>{t('offline.notice')}</span>
        </p>
      )}
    </div>
  );
}
