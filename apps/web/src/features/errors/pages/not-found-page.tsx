import { MESSAGES } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { DashboardLink } from '../components/dashboard-link.tsx';
import { ErrorScreen } from '../components/error-screen.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      icon="pi-compass"
      title={t('errors.notFound')}
      message={translateMessage(MESSAGES.notFound)}
      action={<DashboardLink />}
    />
  );
}
