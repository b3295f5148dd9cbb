import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { SignInDialog } from '../../features/auth/components/sign-in-dialog.tsx';
import { useLandingPath } from '../../lib/session/guards.tsx';
import { isSessionEndedState, redirectTarget } from '../../lib/session/redirect.ts';
import { useSession } from '../../lib/session/session-provider.tsx';
import { acknowledgeSessionEnd } from '../../lib/session/session-store.ts';
import { VisitorLanding } from './landing-route.tsx';

/** /login is the landing page with the Sign In dialog open over it; once signed in (here or in another tab), the page asked for. */
export function LoginRoute() {
  const [search] = useSearchParams();
  const { state } = useLocation();
  const landing = useLandingPath();
  const { user } = useSession();
  const returnTo = redirectTarget(search);

  useEffect(acknowledgeSessionEnd, []);

  if (user) return <Navigate to={returnTo ?? '/'} replace />;
  return (
    <>
      <VisitorLanding />
      <SignInDialog returnTo={returnTo} sessionEnded={isSessionEndedState(state)} closeTo={landing} />
    </>
  );
}
