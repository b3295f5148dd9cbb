import { MESSAGES } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/messages.ts';
import { DashboardLink } from '../components/dashboard-link.tsx';
import { ErrorScreen } from '../components/error-screen.tsx';

export function DeniedPage() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      icon="pi-lock"
      title={t('errors.denied')}
      message={translateMessage(MESSAGES.denied)}
      action={<DashboardLink />}
    />
  );
}
