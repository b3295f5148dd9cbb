import { MESSAGES } from '@portal/contract';
import { DashboardLink } from '../components/dashboard-link.tsx';
import { ErrorScreen } from '../components/error-screen.tsx';

export function DeniedPage() {
  return <ErrorScreen icon="pi-lock" title="Denied" message={MESSAGES.denied} action={<DashboardLink />} />;
}
