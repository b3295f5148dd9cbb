import { can } from '@portal/contract';
import { lazy } from 'react';
import { useSession } from '../../lib/session/session-provider.tsx';

const StatisticsDashboard = lazy(async () => ({
  default: (await import('../../features/dashboard/pages/dashboard-page.tsx')).DashboardPage,
}));
const UserDashboard = lazy(async () => ({
  default: (await import('../../features/downloads/pages/user-dashboard-page.tsx')).UserDashboardPage,
}));

/** The dashboard: download statistics for those who may read them, the member's own dashboard for everyone else. */
export function DashboardRoute() {
  const { user } = useSession();
  return can(user?.role, 'stats:read') ? <StatisticsDashboard /> : <UserDashboard />;
}
