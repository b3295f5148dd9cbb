import { useTranslation } from 'react-i18next';
import { useOnline } from '../hooks/use-online.ts';
import { usePortalReached } from '../lib/portal-reach.ts';

/**
 * Says, above every page while the browser has no connection (decision 033) or the portal does not answer although
 * it has one (decision 044), what still works: once, for the whole page.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const reached = usePortalReached();
  const notice = !online ? t('offline.notice') : !reached ? t('offline.unreachable') : null;
  return (
    <div role="status">
      {notice && (
        <p className="offline-notice">
          <i className="pi pi-info-circle" aria-hidden="true" />
          <span>{notice}</span>
        </p>
      )}
    </div>
  );
}
