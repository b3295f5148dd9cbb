import { can } from '@portal/contract';
import { lazy } from 'react';
import { UserDashboardPage } from '../../features/downloads/pages/user-dashboard-page.tsx';
import { useSession } from '../../lib/session/session-provider.tsx';

const StatisticsDashboard = lazy(async () => ({
  default: (await import('../../features/dashboard/pages/dashboard-page.tsx')).DashboardPage,
}));

/**
 * The dashboard: download statistics for those who may read them, the member's own dashboard for everyone else.
 * The member's comes with this route's code, one fetch less before a member's first screen on a slow network; the
 * statistics and their charts only for those who read them.
 */
export function DashboardRoute() {
  const { user } = useSession();
  return can(user?.role, 'stats:read') ? <StatisticsDashboard /> : <UserDashboardPage />;
}
