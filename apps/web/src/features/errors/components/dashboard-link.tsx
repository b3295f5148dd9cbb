import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function DashboardLink() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="p-button p-component">
      <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
      {t('errors.goToDashboard')}
    </Link>
  );
}
