import { lazy, Suspense, useState } from 'react';
import { Navigate } from 'react-router';
import { LandingPage } from '../../features/landing/pages/landing-page.tsx';
import { SendToSignIn, sentOnFromLanding } from '../../lib/session/guards.tsx';
import { useSession } from '../../lib/session/session-provider.tsx';

// Neither is part of a visitor's first load: the download panel is for signed-in people, and the sign-up
// form (with its password meter) is fetched when Sign Up is first pressed.
const DownloadPage = lazy(async () => ({
  default: (await import('../../features/downloads/pages/download-page.tsx')).DownloadPage,
}));
const SignUpDialog = lazy(async () => ({
  default: (await import('../../features/auth/components/sign-up-dialog.tsx')).SignUpDialog,
}));

/** The landing page a visitor sees, with its Sign Up dialog. */
export function VisitorLanding() {
  // null until Sign Up is first pressed; the dialog then stays mounted so closing it returns focus.
  const [signingUp, setSigningUp] = useState<boolean | null>(null);
  return (
    <>
      <LandingPage onSignUp={() => setSigningUp(true)} />
      {signingUp !== null && (
        <Suspense fallback={null}>
          <SignUpDialog visible={signingUp} onHide={() => setSigningUp(false)} />
        </Suspense>
      )}
    </>
  );
}

/** /{locale}/dist: the landing page for a visitor, the download panel once signed in; an Admin goes to the dashboard. */
export function LandingRoute() {
  const { user, ended } = useSession();
  if (!user) return ended === 'refused' ? <SendToSignIn ended={ended} /> : <VisitorLanding />;
  // A Super Admin sees the download panel, as the Loading menu entry promises.
  if (sentOnFromLanding(user.role)) return <Navigate to="/" replace />;
  return <DownloadPage />;
}
