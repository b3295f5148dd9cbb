import { isAdminRole } from '@portal/contract';
import { lazy } from 'react';
import { Navigate } from 'react-router';
import { LandingPage } from '../../features/landing/pages/landing-page.tsx';
import { useSession } from '../../lib/session/session-provider.tsx';

// Visitors never load the download panel; a signed-in User fetches it on arrival.
const DownloadPage = lazy(async () => ({
  default: (await import('../../features/downloads/pages/download-page.tsx')).DownloadPage,
}));

/** /en/dist: the landing page for a visitor, the download panel for a User; an Admin goes to the dashboard. */
export function LandingRoute() {
  const { user } = useSession();
  if (!user) return <LandingPage />;
  if (isAdminRole(user.role)) return <Navigate to="/" replace />;
  return <DownloadPage />;
}
