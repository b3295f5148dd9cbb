import { MESSAGES } from '@portal/contract';
import { DashboardLink } from '../components/dashboard-link.tsx';
import { ErrorScreen } from '../components/error-screen.tsx';

export function NotFoundPage() {
  return <ErrorScreen icon="pi-compass" title="Not Found" message={MESSAGES.notFound} action={<DashboardLink />} />;
}
