import { isAdminRole } from '@portal/contract';
import { lazy } from 'react';
import { useSession } from '../../lib/session/session-provider.tsx';

const StatisticsDashboard = lazy(async () => ({
  default: (await import('../../features/dashboard/pages/dashboard-page.tsx')).DashboardPage,
}));
const UserDashboard = lazy(async () => ({
  default: (await import('../../features/downloads/pages/user-dashboard-page.tsx')).UserDashboardPage,
}));

/** The dashboard: download statistics for admins, the member's own dashboard for a User. */
export function DashboardRoute() {
  const { user } = useSession();
  return user && isAdminRole(user.role) ? <StatisticsDashboard /> : <UserDashboard />;
}
