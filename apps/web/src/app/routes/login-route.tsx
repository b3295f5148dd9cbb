import { useNavigate, useSearchParams } from 'react-router';
import { SignInDialog } from '../../features/auth/components/sign-in-dialog.tsx';
import { redirectTarget } from '../../lib/session/redirect.ts';
import { LandingRoute } from './landing-route.tsx';

/** /login is the landing page with the Sign In dialog open over it. */
export function LoginRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <LandingRoute />
      <SignInDialog returnTo={redirectTarget(search)} onHide={() => navigate('/en/dist', { replace: true })} />
    </>
  );
}
